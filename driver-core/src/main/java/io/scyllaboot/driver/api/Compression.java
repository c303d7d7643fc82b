package io.scyllaboot.driver.api;

/**
 * Compression of the traffic between the driver and the nodes, chosen once per session with {@link
 * CqlSessionBuilder#withCompression(Compression)}.
 *
 * <p>With protocol v4 each frame body above a small size is compressed on its own; with protocol v5
 * whole segments (many small frames, or a part of a large one) are compressed, and a segment that
 * does not shrink is sent as is. Compression trades CPU for bandwidth: it pays off for large values
 * and result pages over a slow or metered network, rarely on a fast local one.
 */
public enum Compression {
  /** No compression (the default). */
  NONE,
  /**
   * LZ4 block compression; needs {@code org.lz4:lz4-java} on the class path (an optional dependency
   * of the driver). Every Cassandra 2.0+ and ScyllaDB node accepts it.
   */
  LZ4
}
