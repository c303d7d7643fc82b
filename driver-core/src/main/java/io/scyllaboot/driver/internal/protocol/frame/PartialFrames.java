package io.scyllaboot.driver.internal.protocol.frame;

/**
 * An inbound decoder that holds the bytes of a frame until it is complete: how many it holds tells
 * a lost framing (a length that never completes) from a silent node.
 */
public interface PartialFrames {
  /** Bytes read but not yet part of a complete frame. Event loop only. */
  int bufferedBytes();
}
