package io.scyllaboot.driver.api;

/** The native protocol versions this driver speaks. */
public enum ProtocolVersion {
  /**
   * Protocol v4: Cassandra 2.2+, every ScyllaDB. (v5, with checksummed segments, comes with its
   * framing; the message layouts of v5 are already in place.)
   */
  V4(4);

  private final int code;

  ProtocolVersion(int code) {
    this.code = code;
  }

  /** The version number carried in frame headers. */
  public int code() {
    return code;
  }
}
