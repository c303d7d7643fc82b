package io.scyllaboot.driver.api;

/**
 * The native protocol versions this driver speaks. By default the driver negotiates: it offers
 * {@link #V5} and falls back to {@link #V4} when a node refuses it; {@link
 * CqlSessionBuilder#withProtocolVersion(ProtocolVersion)} pins one instead.
 */
public enum ProtocolVersion {
  /** Protocol v4: Cassandra 2.2+, every ScyllaDB. */
  V4(4),
  /**
   * Protocol v5: Cassandra 4.0+. After the handshake, frames travel in checksummed segments (a
   * CRC24 over each segment header, a CRC32 over each payload), small frames packed together and
   * large ones split; a checksum mismatch closes the connection.
   */
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
