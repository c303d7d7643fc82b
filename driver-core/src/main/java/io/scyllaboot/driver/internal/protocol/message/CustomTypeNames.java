package io.scyllaboot.driver.internal.protocol.message;

import io.scyllaboot.driver.api.type.DataType;
import io.scyllaboot.driver.api.type.PrimitiveType;
import java.util.Map;

/**
 * Turns the server-side class names of custom types into data types. Only {@code VectorType} gets a
 * structure of its own; other custom types stay {@link DataType.CustomType}s (raw bytes).
 */
final class CustomTypeNames {
  private static final String MARSHAL = "org.apache.cassandra.db.marshal.";
  private static final String VECTOR = MARSHAL + "VectorType";

  private static final Map<String, PrimitiveType> MARSHAL_CLASSES =
      Map.ofEntries(
          Map.entry("AsciiType", PrimitiveType.ASCII),
          Map.entry("LongType", PrimitiveType.BIGINT),
          Map.entry("BytesType", PrimitiveType.BLOB),
          Map.entry("BooleanType", PrimitiveType.BOOLEAN),
          Map.entry("CounterColumnType", PrimitiveType.COUNTER),
          Map.entry("DecimalType", PrimitiveType.DECIMAL),
          Map.entry("DoubleType", PrimitiveType.DOUBLE),
          Map.entry("FloatType", PrimitiveType.FLOAT),
          Map.entry("Int32Type", PrimitiveType.INT),
          Map.entry("TimestampType", PrimitiveType.TIMESTAMP),
          Map.entry("UUIDType", PrimitiveType.UUID),
          Map.entry("UTF8Type", PrimitiveType.TEXT),
          Map.entry("IntegerType", PrimitiveType.VARINT),
          Map.entry("TimeUUIDType", PrimitiveType.TIMEUUID),
          Map.entry("InetAddressType", PrimitiveType.INET),
          Map.entry("SimpleDateType", PrimitiveType.DATE),
          Map.entry("TimeType", PrimitiveType.TIME),
          Map.entry("ShortType", PrimitiveType.SMALLINT),
          Map.entry("ByteType", PrimitiveType.TINYINT),
          Map.entry("DurationType", PrimitiveType.DURATION));

  private CustomTypeNames() {}

  static DataType parse(String className) {
    return parse(className, 0);
  }

  private static DataType parse(String className, int depth) {
    if (className.startsWith(VECTOR + "(") && className.endsWith(")")) {
      if (depth >= DataTypeCodec.MAX_DEPTH) {
        throw new IllegalArgumentException(
            "vector type nested deeper than " + DataTypeCodec.MAX_DEPTH + " levels");
      }
      String arguments = className.substring(VECTOR.length() + 1, className.length() - 1);
      int comma = arguments.lastIndexOf(',');
      if (comma > 0) {
        DataType element = parse(arguments.substring(0, comma).trim(), depth + 1);
        int dimensions = Integer.parseInt(arguments.substring(comma + 1).trim());
        if (dimensions <= 0) {
          throw new IllegalArgumentException("vector type with " + dimensions + " dimensions");
        }
        return new DataType.VectorType(element, dimensions);
      }
    }
    if (className.startsWith(MARSHAL)) {
      PrimitiveType primitive = MARSHAL_CLASSES.get(className.substring(MARSHAL.length()));
      if (primitive != null) {
        return primitive;
      }
    }
    return new DataType.CustomType(className);
  }

  static String vectorClassName(DataType.VectorType vector) {
    return VECTOR + "(" + className(vector.element()) + ", " + vector.dimensions() + ")";
  }

  private static String className(DataType type) {
    if (type instanceof PrimitiveType primitive) {
      for (Map.Entry<String, PrimitiveType> e : MARSHAL_CLASSES.entrySet()) {
        if (e.getValue() == primitive) {
          return MARSHAL + e.getKey();
        }
      }
    }
    if (type instanceof DataType.CustomType custom) {
      return custom.className();
    }
    if (type instanceof DataType.VectorType vector) {
      return vectorClassName(vector);
    }
    throw new IllegalArgumentException("no class name for vector element type " + type.asCql());
  }
}
