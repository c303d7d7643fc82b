package io.scyllaboot.driver.internal.protocol.frame;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.scyllaboot.driver.internal.protocol.Primitives;
import io.scyllaboot.driver.internal.protocol.message.Response;
import io.scyllaboot.driver.internal.protocol.message.ResponseDecoder;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * Splits the inbound byte stream into frames with Netty's length-field framer (no copy: each frame
 * is a retained slice) and decodes each into a {@link ResponseFrame}. A frame whose body cannot be
 * decoded becomes a {@link DecodeFailure} for its stream only; a corrupt header (unknown version,
 * not a response) cannot be resynchronised and fails the connection. Never {@code @Sharable}.
 *
 * <p>With protocol v4 compression, a body flagged compressed is {@code [int uncompressed
 * length][compressed block]} and is decompressed into a new buffer before decoding.
 */
public final class FrameDecoder extends LengthFieldBasedFrameDecoder implements PartialFrames {
  /** The protocol's largest frame (256 MiB): nothing decompresses to more. */
  public static final int PROTOCOL_MAX_FRAME_LENGTH = 256 * 1024 * 1024;

  // An LZ4 block expands at most about 255 times: a longer announced length is a lie.
  private static final int LZ4_MAX_RATIO = 255;

  private final @Nullable Compressor compressor;
  // Set by the handshake when the node agreed to send result metadata ids under v4.
  private volatile boolean metadataIds;

  public FrameDecoder(int maxFrameLength) {
    this(maxFrameLength, null);
  }

  /**
   * @param compressor the negotiated compression, or null
   */
  public FrameDecoder(int maxFrameLength, @Nullable Compressor compressor) {
    super(maxFrameLength, FrameHeader.BODY_LENGTH_OFFSET, 4, 0, 0, true);
    this.compressor = compressor;
  }

  @Override
  protected Object decode(ChannelHandlerContext ctx, ByteBuf in) throws Exception {
    ByteBuf frame = (ByteBuf) super.decode(ctx, in);
    if (frame == null) {
      return null;
    }
    try {
      return decodeFrame(frame, compressor, metadataIds);
    } finally {
      frame.release();
    }
  }

  @Override
  public int bufferedBytes() {
    return actualReadableBytes();
  }

  private static void checkDecompressedLength(int announced, int compressed) {
    if (announced < 0
        || announced > PROTOCOL_MAX_FRAME_LENGTH
        || announced > (long) compressed * LZ4_MAX_RATIO + 16) {
      throw new IllegalArgumentException(
          "compressed body announces a decompressed length of "
              + announced
              + " bytes, impossible from "
              + compressed
              + " compressed bytes (or above the protocol's "
              + PROTOCOL_MAX_FRAME_LENGTH
              + ")");
    }
  }

  /** Decodes one complete frame without releasing it. Exposed for tests and the fake node. */
  public static Object decodeFrame(ByteBuf frame) {
    return decodeFrame(frame, null);
  }

  /** Reads result metadata ids under v4 from now on (ScyllaDB's SCYLLA_USE_METADATA_ID). */
  public void useMetadataIds() {
    this.metadataIds = true;
  }

  /**
   * Decodes one complete frame (or v5 envelope) without releasing it: a {@link ResponseFrame}, or a
   * {@link DecodeFailure} when only its body is bad.
   *
   * @param compressor decompresses v4 bodies flagged compressed; null when none was negotiated
   * @throws CorruptedFrameException if the header is not that of a response
   */
  public static Object decodeFrame(ByteBuf frame, @Nullable Compressor compressor) {
    return decodeFrame(frame, compressor, false);
  }

  /**
   * @param metadataIds whether result metadata ids are on the wire under v4 too
   */
  public static Object decodeFrame(
      ByteBuf frame, @Nullable Compressor compressor, boolean metadataIds) {
    int start = frame.readerIndex();
    int versionByte = frame.getUnsignedByte(start);
    if ((versionByte & FrameHeader.RESPONSE_BIT) == 0) {
      throw new CorruptedFrameException(
          "expected a response frame, got version byte 0x" + Integer.toHexString(versionByte));
    }
    int version = versionByte & 0x7F;
    if (version < 3 || version > 6) {
      throw new CorruptedFrameException("unsupported response protocol version " + version);
    }
    int flags = frame.getUnsignedByte(start + FrameHeader.FLAGS_OFFSET);
    int streamId = frame.getShort(start + FrameHeader.STREAM_OFFSET);
    int opcode = frame.getUnsignedByte(start + FrameHeader.OPCODE_OFFSET);
    ByteBuf decompressed = null;
    try {
      ByteBuf body = frame.skipBytes(FrameHeader.LENGTH);
      // v5 compresses whole segments instead, and ignores this flag (v5 specification, 2.4).
      if ((flags & FrameHeader.FLAG_COMPRESSED) != 0 && version < 5) {
        if (compressor == null) {
          throw new IllegalStateException(
              "compressed frame received but no compression was negotiated");
        }
        int uncompressedLength = body.readInt();
        checkDecompressedLength(uncompressedLength, body.readableBytes());
        decompressed = frame.alloc().buffer(uncompressedLength, uncompressedLength);
        compressor.decompress(
            body, body.readerIndex(), body.readableBytes(), decompressed, uncompressedLength);
        body = decompressed;
      }
      UUID tracingId = (flags & FrameHeader.FLAG_TRACING) != 0 ? Primitives.readUuid(body) : null;
      List<String> warnings =
          (flags & FrameHeader.FLAG_WARNING) != 0 ? Primitives.readStringList(body) : List.of();
      Map<String, ByteBuffer> payload =
          (flags & FrameHeader.FLAG_CUSTOM_PAYLOAD) != 0 ? Primitives.readBytesMap(body) : Map.of();
      Response message = ResponseDecoder.decode(opcode, body, version, metadataIds);
      return new ResponseFrame(streamId, message, warnings, tracingId, payload);
    } catch (RuntimeException e) {
      return new DecodeFailure(streamId, opcode, e);
    } finally {
      if (decompressed != null) {
        decompressed.release(); // a RowsResult keeps its own retained slice
      }
    }
  }
}
