package io.scyllaboot.driver.api;

/** The consistency levels of CQL, with their protocol codes. */
public enum ConsistencyLevel {
  ANY(0x0000),
  ONE(0x0001),
  TWO(0x0002),
  THREE(0x0003),
  QUORUM(0x0004),
  ALL(0x0005),
  LOCAL_QUORUM(0x0006),
  EACH_QUORUM(0x0007),
  SERIAL(0x0008),
  LOCAL_SERIAL(0x0009),
  LOCAL_ONE(0x000A);

  private static final ConsistencyLevel[] BY_CODE = values();

  private final int code;

  ConsistencyLevel(int code) {
    this.code = code;
  }

  /** The protocol code of this level. */
  public int code() {
    return code;
  }

  /** Whether this is a serial level (for the Paxos phase of lightweight transactions). */
  public boolean isSerial() {
    return this == SERIAL || this == LOCAL_SERIAL;
  }

  /**
   * The level with this protocol code.
   *
   * @throws IllegalArgumentException if no level has this code
   */
  public static ConsistencyLevel fromCode(int code) {
    if (code < 0 || code >= BY_CODE.length) {
      throw new IllegalArgumentException(
          "unknown consistency level code 0x" + Integer.toHexString(code));
    }
    return BY_CODE[code];
  }
}
