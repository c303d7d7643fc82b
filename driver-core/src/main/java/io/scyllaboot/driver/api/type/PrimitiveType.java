package io.scyllaboot.driver.api.type;

/** The CQL types that take no parameters, with their protocol option ids. */
public enum PrimitiveType implements DataType {
  ASCII(0x0001, "ascii"),
  BIGINT(0x0002, "bigint"),
  BLOB(0x0003, "blob"),
  BOOLEAN(0x0004, "boolean"),
  COUNTER(0x0005, "counter"),
  DECIMAL(0x0006, "decimal"),
  DOUBLE(0x0007, "double"),
  FLOAT(0x0008, "float"),
  INT(0x0009, "int"),
  TIMESTAMP(0x000B, "timestamp"),
  UUID(0x000C, "uuid"),
  TEXT(0x000D, "text"),
  VARINT(0x000E, "varint"),
  TIMEUUID(0x000F, "timeuuid"),
  INET(0x0010, "inet"),
  DATE(0x0011, "date"),
  TIME(0x0012, "time"),
  SMALLINT(0x0013, "smallint"),
  TINYINT(0x0014, "tinyint"),
  DURATION(0x0015, "duration");

  private static final PrimitiveType[] BY_ID = new PrimitiveType[0x16];

  static {
    for (PrimitiveType type : values()) {
      BY_ID[type.protocolId] = type;
    }
  }

  private final int protocolId;
  private final String cql;

  PrimitiveType(int protocolId, String cql) {
    this.protocolId = protocolId;
    this.cql = cql;
  }

  /** The id of this type's option in the native protocol. */
  public int protocolId() {
    return protocolId;
  }

  @Override
  public String asCql() {
    return cql;
  }

  /**
   * The primitive type with this protocol option id, or {@code null} when the id is not a primitive
   * one (collections, UDTs, tuples, custom types).
   */
  public static PrimitiveType fromProtocolId(int id) {
    return id >= 0 && id < BY_ID.length ? BY_ID[id] : null;
  }
}
