package io.scyllaboot.driver.internal.protocol.frame;

import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;

/**
 * The CRC32 that protects protocol v5 segment payloads: the standard CRC-32 (as {@link CRC32}), but
 * first fed the four bytes {@code FA 2D 55 CA}, as Cassandra's {@code Crc.crc32()} is, so that an
 * empty payload does not checksum to 0.
 *
 * <p>Not thread-safe: each instance wraps one reusable {@link CRC32}; a codec owns one per
 * direction of a connection.
 */
public final class Crc32 {
  private static final byte[] SEED = {(byte) 0xFA, (byte) 0x2D, (byte) 0x55, (byte) 0xCA};

  private final CRC32 crc = new CRC32();

  /** The checksum of {@code length} bytes of {@code buffer} from {@code index}; reads no index. */
  public int compute(ByteBuf buffer, int index, int length) {
    crc.reset();
    crc.update(SEED, 0, SEED.length);
    if (buffer.hasArray()) {
      crc.update(buffer.array(), buffer.arrayOffset() + index, length);
    } else if (buffer.nioBufferCount() == 1) {
      // Direct memory: the intrinsic reads it in place (the view's position is moved, not ours).
      crc.update(buffer.nioBuffer(index, length));
    } else {
      for (ByteBuffer component : buffer.nioBuffers(index, length)) {
        crc.update(component);
      }
    }
    return (int) crc.getValue();
  }
}
