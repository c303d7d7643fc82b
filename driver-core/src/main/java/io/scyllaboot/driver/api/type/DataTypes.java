package io.scyllaboot.driver.api.type;

/**
 * The CQL types under the DataStax driver's names ({@code DataTypes.TEXT}), for a {@link
 * TypeCodec}'s {@code getCqlType()}; the same values as {@link PrimitiveType} and {@link
 * DataType}'s records.
 */
public final class DataTypes {
  public static final DataType ASCII = PrimitiveType.ASCII;
  public static final DataType BIGINT = PrimitiveType.BIGINT;
  public static final DataType BLOB = PrimitiveType.BLOB;
  public static final DataType BOOLEAN = PrimitiveType.BOOLEAN;
  public static final DataType COUNTER = PrimitiveType.COUNTER;
  public static final DataType DECIMAL = PrimitiveType.DECIMAL;
  public static final DataType DOUBLE = PrimitiveType.DOUBLE;
  public static final DataType FLOAT = PrimitiveType.FLOAT;
  public static final DataType INT = PrimitiveType.INT;
  public static final DataType TIMESTAMP = PrimitiveType.TIMESTAMP;
  public static final DataType UUID = PrimitiveType.UUID;
  public static final DataType TEXT = PrimitiveType.TEXT;
  public static final DataType VARINT = PrimitiveType.VARINT;
  public static final DataType TIMEUUID = PrimitiveType.TIMEUUID;
  public static final DataType INET = PrimitiveType.INET;
  public static final DataType DATE = PrimitiveType.DATE;
  public static final DataType TIME = PrimitiveType.TIME;
  public static final DataType SMALLINT = PrimitiveType.SMALLINT;
  public static final DataType TINYINT = PrimitiveType.TINYINT;
  public static final DataType DURATION = PrimitiveType.DURATION;

  private DataTypes() {}

  /** {@code list<element>}, not frozen. */
  public static DataType listOf(DataType element) {
    return new DataType.ListType(element, false);
  }

  /** {@code set<element>}, not frozen. */
  public static DataType setOf(DataType element) {
    return new DataType.SetType(element, false);
  }

  /** {@code tuple<components...>} (a tuple is always frozen). */
  public static DataType.TupleType tupleOf(DataType... components) {
    return new DataType.TupleType(java.util.List.of(components));
  }

  /** {@code map<key, value>}, not frozen. */
  public static DataType mapOf(DataType key, DataType value) {
    return new DataType.MapType(key, value, false);
  }
}
