package io.scyllaboot.driver.api;

/** The native protocol versions this driver speaks. */
public enum ProtocolVersion {
  /** Protocol v4: Cassandra 2.2+, every ScyllaDB. */
  V4(4),
  /** Protocol v5: Cassandra 4.0+, with checksummed segments. */
  V5(5);

  private final int code;

  ProtocolVersion(int code) {
    this.code = code;
  }

  /** The version number carried in frame headers. */
  public int code() {
    return code;
  }
}
