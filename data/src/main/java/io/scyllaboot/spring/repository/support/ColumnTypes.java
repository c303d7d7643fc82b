package io.scyllaboot.spring.repository.support;

import io.scyllaboot.driver.api.type.CqlDuration;
import io.scyllaboot.driver.api.type.TupleValue;
import io.scyllaboot.driver.api.type.UdtValue;
import io.scyllaboot.spring.mapping.CqlIdentifiers;
import io.scyllaboot.spring.mapping.CqlType;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.mapping.ScyllaPersistentProperty;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.data.core.TypeInformation;

/**
 * The CQL types schema creation declares for columns and UDT fields: a {@code @VectorType}'s, else
 * a {@code @CqlType}'s, else the one that follows from the Java type (custom conversions, mapped
 * user-defined types and {@code @Tuple} classes included). Collections are frozen inside others, as
 * key columns, and when annotated {@code @Frozen}; user-defined types and tuples always are.
 */
final class ColumnTypes {
  private static final Map<Class<?>, String> SIMPLE =
      Map.ofEntries(
          Map.entry(String.class, "text"),
          Map.entry(int.class, "int"),
          Map.entry(Integer.class, "int"),
          Map.entry(long.class, "bigint"),
          Map.entry(Long.class, "bigint"),
          Map.entry(boolean.class, "boolean"),
          Map.entry(Boolean.class, "boolean"),
          Map.entry(double.class, "double"),
          Map.entry(Double.class, "double"),
          Map.entry(float.class, "float"),
          Map.entry(Float.class, "float"),
          Map.entry(short.class, "smallint"),
          Map.entry(Short.class, "smallint"),
          Map.entry(byte.class, "tinyint"),
          Map.entry(Byte.class, "tinyint"),
          Map.entry(UUID.class, "uuid"),
          Map.entry(Instant.class, "timestamp"),
          Map.entry(Date.class, "timestamp"),
          Map.entry(LocalDateTime.class, "timestamp"),
          Map.entry(LocalDate.class, "date"),
          Map.entry(LocalTime.class, "time"),
          Map.entry(BigDecimal.class, "decimal"),
          Map.entry(BigInteger.class, "varint"),
          Map.entry(ByteBuffer.class, "blob"),
          Map.entry(byte[].class, "blob"),
          Map.entry(InetAddress.class, "inet"),
          Map.entry(CqlDuration.class, "duration"));

  private final ScyllaMappingContext mappingContext;

  ColumnTypes(ScyllaMappingContext mappingContext) {
    this.mappingContext = mappingContext;
  }

  /** A type's name in CQL, in the given keyspace (null: the session's). */
  static String qualified(String keyspace, String name) {
    return keyspace == null
        ? CqlIdentifiers.cql(name)
        : CqlIdentifiers.cql(keyspace) + "." + CqlIdentifiers.cql(name);
  }

  /**
   * The CQL type of a column or UDT field (tuple component: {@code nested}).
   *
   * @throws IllegalStateException naming the property when its type has no CQL type or its
   *     annotation is incomplete
   */
  String columnType(
      ScyllaPersistentProperty property, boolean key, boolean nested, String keyspace) {
    String vector = SchemaIndexes.vectorType(property);
    if (vector != null) {
      return vector;
    }
    boolean frozen = key || nested || property.isFrozen();
    CqlType declared = property.getCqlType();
    if (declared != null) {
      return declaredType(property, declared, frozen, keyspace);
    }
    TypeInformation<?> type = property.getTypeInformation();
    Class<?> raw = type.getType();
    if (raw == TupleValue.class || raw == UdtValue.class) {
      throw new IllegalStateException(
          describe(property)
              + " is a "
              + raw.getSimpleName()
              + ": declare its CQL type with @CqlType(type = "
              + (raw == TupleValue.class
                  ? "TUPLE, typeArguments = {...})"
                  : "UDT, userTypeName = \"...\")"));
    }
    return cqlType(type, frozen, keyspace);
  }

  /** The CQL type of a Java type; a collection frozen when {@code frozen}. */
  String cqlType(TypeInformation<?> type, boolean frozen, String keyspace) {
    Class<?> raw = type.getType();
    if (type.isMap()) {
      String map =
          "map<"
              + cqlType(type.getRequiredComponentType(), true, keyspace)
              + ", "
              + cqlType(type.getRequiredMapValueType(), true, keyspace)
              + ">";
      return frozen ? "frozen<" + map + ">" : map;
    }
    if (type.isCollectionLike() && raw != byte[].class) {
      String kind = Set.class.isAssignableFrom(raw) ? "set" : "list";
      String collection =
          kind + "<" + cqlType(type.getRequiredComponentType(), true, keyspace) + ">";
      return frozen ? "frozen<" + collection + ">" : collection;
    }
    // A type with a writing converter is stored as the converter's target type.
    Class<?> stored = mappingContext.getCustomConversions().getCustomWriteTarget(raw).orElse(raw);
    String simple = stored.isEnum() ? "text" : SIMPLE.get(stored);
    if (simple != null) {
      return simple;
    }
    if (mappingContext.isSimpleType(stored)) {
      throw new IllegalStateException(
          "No CQL type for "
              + stored.getName()
              + (stored == raw ? "" : " (the writing converter's target for " + raw.getName() + ")")
              + ": convert it to a type the driver stores (String, Integer, BigDecimal...)");
    }
    ScyllaPersistentEntity<?> entity = mappingContext.getRequiredPersistentEntity(raw);
    if (entity.isTuple()) {
      List<String> components = new ArrayList<>();
      for (ScyllaPersistentProperty component : entity.getColumns()) {
        components.add(columnType(component, false, true, keyspace));
      }
      return "frozen<tuple<" + String.join(", ", components) + ">>";
    }
    return "frozen<" + qualified(keyspace, entity.getTableName()) + ">";
  }

  private String declaredType(
      ScyllaPersistentProperty property, CqlType declared, boolean frozen, String keyspace) {
    TypeInformation<?> type = property.getTypeInformation();
    CqlType.Name[] arguments = declared.typeArguments();
    switch (declared.type()) {
      case LIST, SET -> {
        String element =
            arguments.length > 0
                ? argument(property, declared, arguments[0], keyspace)
                : cqlType(elementType(property, type.getComponentType()), true, keyspace);
        String collection = name(declared.type()) + "<" + element + ">";
        return frozen ? "frozen<" + collection + ">" : collection;
      }
      case MAP -> {
        String key =
            arguments.length > 0
                ? argument(property, declared, arguments[0], keyspace)
                : cqlType(elementType(property, type.getComponentType()), true, keyspace);
        String value =
            arguments.length > 1
                ? argument(property, declared, arguments[1], keyspace)
                : cqlType(elementType(property, type.getMapValueType()), true, keyspace);
        String map = "map<" + key + ", " + value + ">";
        return frozen ? "frozen<" + map + ">" : map;
      }
      case TUPLE -> {
        if (arguments.length == 0) {
          throw new IllegalStateException(
              describe(property) + ": @CqlType(type = TUPLE) needs typeArguments, its components");
        }
        List<String> components = new ArrayList<>();
        for (CqlType.Name component : arguments) {
          components.add(argument(property, declared, component, keyspace));
        }
        return "frozen<tuple<" + String.join(", ", components) + ">>";
      }
      case UDT -> {
        return userType(property, declared, keyspace);
      }
      case VECTOR ->
          throw new IllegalStateException(
              describe(property)
                  + ": a vector column is declared with @VectorType(dimensions = n), not @CqlType");
      default -> {
        return name(declared.type());
      }
    }
  }

  private String argument(
      ScyllaPersistentProperty property, CqlType declared, CqlType.Name type, String keyspace) {
    if (type == CqlType.Name.UDT) {
      return userType(property, declared, keyspace);
    }
    if (type.isCollection() || type == CqlType.Name.TUPLE || type == CqlType.Name.VECTOR) {
      throw new IllegalStateException(
          describe(property)
              + ": a @CqlType type argument is a simple type or UDT, not "
              + type
              + " (map the element to a class, or use the Java type without @CqlType)");
    }
    return name(type);
  }

  private String userType(ScyllaPersistentProperty property, CqlType declared, String keyspace) {
    String named = declared.userTypeName();
    Class<?> mapped = mappedClass(property.getTypeInformation());
    if (mapped != null) {
      String own = mappingContext.getRequiredPersistentEntity(mapped).getTableName();
      // userTypeName is CQL (folded unless quoted), the class's name is as written: either matches.
      if (!named.isEmpty()
          && !CqlIdentifiers.internal(named).equals(own)
          && !CqlIdentifiers.declared(named).equals(own)) {
        throw new IllegalStateException(
            describe(property)
                + ": @CqlType names the user-defined type '"
                + named
                + "' but its class "
                + mapped.getSimpleName()
                + " is the type '"
                + own
                + "': name the class's type with @UserDefinedType(\""
                + named
                + "\")");
      }
      return "frozen<" + qualified(keyspace, own) + ">";
    }
    if (named.isEmpty()) {
      throw new IllegalStateException(
          describe(property) + ": @CqlType with a UDT needs userTypeName, the name of the type");
    }
    return "frozen<" + qualified(keyspace, CqlIdentifiers.internal(named)) + ">";
  }

  // The mapped (UDT) class of a property or of its elements, or null for UdtValue and the like.
  private Class<?> mappedClass(TypeInformation<?> type) {
    TypeInformation<?> element = type;
    while (element != null && (element.isCollectionLike() || element.isMap())) {
      element = element.isMap() ? element.getMapValueType() : element.getComponentType();
    }
    if (element == null) {
      return null;
    }
    Class<?> raw = element.getType();
    return mappingContext.isSimpleType(raw) || raw.isEnum() ? null : raw;
  }

  private static TypeInformation<?> elementType(
      ScyllaPersistentProperty property, TypeInformation<?> element) {
    if (element == null) {
      throw new IllegalStateException(
          describe(property) + ": @CqlType of a collection needs typeArguments for a raw type");
    }
    return element;
  }

  private static String name(CqlType.Name type) {
    return type.name().toLowerCase(Locale.ROOT);
  }

  static String describe(ScyllaPersistentProperty property) {
    return property.getOwner().getType().getSimpleName() + "." + property.getName();
  }
}
