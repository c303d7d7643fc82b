package io.scyllaboot.driver.internal.cql;

import io.scyllaboot.driver.api.metadata.UserTypeMetadata;
import io.scyllaboot.driver.api.type.DataType;
import io.scyllaboot.driver.api.type.PrimitiveType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BiFunction;

/**
 * Reads CQL type names as the schema tables write them ({@code int}, {@code frozen<list<text>>},
 * {@code tuple<int, frozen<address>>}, {@code vector<float, 3>}) into data types; user-defined
 * types are looked up by keyspace and name.
 */
final class CqlTypeNames {
  private final String keyspace;
  private final BiFunction<String, String, UserTypeMetadata> userTypes;

  /**
   * @param keyspace the keyspace user-defined type names belong to
   * @param userTypes finds a user-defined type by keyspace and name, null when there is none
   */
  CqlTypeNames(String keyspace, BiFunction<String, String, UserTypeMetadata> userTypes) {
    this.keyspace = keyspace;
    this.userTypes = userTypes;
  }

  /** A user-defined type with its fields' types resolved. */
  DataType.UserDefinedType userType(UserTypeMetadata type) {
    List<DataType> fieldTypes = new ArrayList<>();
    for (String fieldType : type.fieldTypes()) {
      fieldTypes.add(parse(fieldType, false));
    }
    return new DataType.UserDefinedType(
        type.keyspace(), type.name(), type.fieldNames(), fieldTypes);
  }

  DataType parse(String name, boolean frozen) {
    String text = name.strip();
    int open = text.indexOf('<');
    if (open < 0) {
      return simple(text);
    }
    if (!text.endsWith(">")) {
      throw unknown(name);
    }
    String outer = text.substring(0, open).strip().toLowerCase(Locale.ROOT);
    List<String> args = arguments(text.substring(open + 1, text.length() - 1));
    switch (outer) {
      case "frozen":
        return parse(single(args, name), true);
      case "list":
        return new DataType.ListType(parse(single(args, name), false), frozen);
      case "set":
        return new DataType.SetType(parse(single(args, name), false), frozen);
      case "map":
        if (args.size() != 2) {
          throw unknown(name);
        }
        return new DataType.MapType(parse(args.get(0), false), parse(args.get(1), false), frozen);
      case "tuple":
        List<DataType> components = new ArrayList<>();
        for (String arg : args) {
          components.add(parse(arg, false));
        }
        return new DataType.TupleType(components);
      case "vector":
        if (args.size() != 2) {
          throw unknown(name);
        }
        return new DataType.VectorType(
            parse(args.get(0), false), Integer.parseInt(args.get(1).strip()));
      default:
        throw unknown(name);
    }
  }

  private DataType simple(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    if (lower.equals("varchar")) {
      return PrimitiveType.TEXT;
    }
    for (PrimitiveType primitive : PrimitiveType.values()) {
      if (primitive.asCql().equals(lower)) {
        return primitive;
      }
    }
    String typeName =
        name.length() > 1 && name.startsWith("\"") && name.endsWith("\"")
            ? name.substring(1, name.length() - 1).replace("\"\"", "\"")
            : name;
    UserTypeMetadata type = userTypes.apply(keyspace, typeName);
    if (type == null) {
      throw new IllegalArgumentException(
          "no type named " + name + " in keyspace " + keyspace + " (schema metadata)");
    }
    return userType(type);
  }

  /** The top-level, comma-separated arguments of a type's angle brackets. */
  private static List<String> arguments(String inside) {
    List<String> args = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < inside.length(); i++) {
      char c = inside.charAt(i);
      if (c == '<') {
        depth++;
      } else if (c == '>') {
        depth--;
      } else if (c == ',' && depth == 0) {
        args.add(inside.substring(start, i));
        start = i + 1;
      }
    }
    args.add(inside.substring(start));
    return args;
  }

  private static String single(List<String> args, String name) {
    if (args.size() != 1) {
      throw unknown(name);
    }
    return args.get(0);
  }

  private static IllegalArgumentException unknown(String name) {
    return new IllegalArgumentException("not a CQL type name: " + name);
  }
}
