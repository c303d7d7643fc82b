package io.scyllaboot.driver.internal.protocol.message;

import io.netty.buffer.ByteBuf;

/**
 * A request message body. The frame codec asks for the exact size first and allocates the frame
 * once, then lets the message write itself. Implementations are immutable.
 */
public interface Request {

  int opcode();

  /** Flags of the frame header ({@code FrameHeader.FLAG_*}) this request needs; 0 for most. */
  default int headerFlags() {
    return 0;
  }

  /** The exact number of body bytes {@link #encode} writes for this protocol version. */
  int encodedSize(int protocolVersion);

  void encode(ByteBuf out, int protocolVersion);

  /** The message itself, without the wrappers that only add header flags or a payload. */
  default Request unwrapped() {
    return this;
  }

  /**
   * The body size on a connection that does, or does not, carry result metadata ids in EXECUTE
   * under v4 (ScyllaDB's {@code SCYLLA_USE_METADATA_ID}, negotiated per connection: in a rolling
   * upgrade some nodes have it and some not). Only EXECUTE differs.
   */
  default int encodedSize(int protocolVersion, boolean metadataIds) {
    return encodedSize(protocolVersion);
  }

  /** Writes the body for a connection as {@link #encodedSize(int, boolean)} describes. */
  default void encode(ByteBuf out, int protocolVersion, boolean metadataIds) {
    encode(out, protocolVersion);
  }
}
