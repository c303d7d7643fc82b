package io.scyllaboot.driver.internal.protocol.frame;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.message.Options;
import io.scyllaboot.driver.internal.protocol.message.Response;
import io.scyllaboot.driver.internal.protocol.message.Result;
import io.scyllaboot.driver.testing.ByteWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Protocol v4 LZ4 frames: request compression and response decompression. */
class Lz4FrameCompressionTest {
  private static final ByteBufAllocator ALLOC = ByteBufAllocator.DEFAULT;

  /** A v4 RESULT/SetKeyspace response whose keyspace name is long and repetitive. */
  private static byte[] setKeyspaceBody(String keyspace) {
    return new ByteWriter().writeInt(Result.SET_KEYSPACE).writeString(keyspace).toByteArray();
  }

  @Test
  void should_decode_a_compressed_v4_response() {
    String keyspace = "ks_".repeat(200);
    byte[] body = setKeyspaceBody(keyspace);
    ByteBuf raw = ALLOC.buffer().writeBytes(body);
    ByteBuf compressed = ALLOC.buffer(Lz4Compressor.INSTANCE.maxCompressedLength(body.length));
    Lz4Compressor.INSTANCE.compress(raw, 0, body.length, compressed);
    raw.release();
    ByteBuf frame =
        new ByteWriter()
            .writeByte(0x84)
            .writeByte(FrameHeader.FLAG_COMPRESSED)
            .writeShort(7)
            .writeByte(Opcodes.RESULT)
            .writeInt(4 + compressed.readableBytes())
            .writeInt(body.length)
            .toBuffer()
            .writeBytes(compressed);
    compressed.release();
    EmbeddedChannel channel =
        new EmbeddedChannel(new FrameDecoder(1 << 20, Lz4Compressor.INSTANCE));
    channel.writeInbound(frame);
    ResponseFrame decoded = channel.readInbound();
    assertThat(decoded.streamId()).isEqualTo(7);
    assertThat(((Result.SetKeyspace) decoded.message()).keyspace()).isEqualTo(keyspace);
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_compress_a_large_request_and_decompress_it_back() {
    String query = "SELECT * FROM t WHERE k IN (" + "1, ".repeat(500) + "1)";
    ByteBuf frame =
        RequestFrames.encode(
            ALLOC,
            4,
            new io.scyllaboot.driver.internal.protocol.message.Query(
                query,
                new io.scyllaboot.driver.internal.protocol.message.QueryOptions(
                    1,
                    null,
                    false,
                    0,
                    null,
                    -1,
                    io.scyllaboot.driver.internal.protocol.message.QueryOptions.NO_TIMESTAMP,
                    null)));
    int plainLength = frame.readableBytes();
    ByteBuf compressed = RequestFrames.compressV4(ALLOC, frame, Lz4Compressor.INSTANCE);
    try {
      assertThat(compressed).isNotSameAs(frame);
      assertThat(compressed.readableBytes()).isLessThan(plainLength / 4);
      assertThat(compressed.getByte(FrameHeader.FLAGS_OFFSET) & FrameHeader.FLAG_COMPRESSED)
          .isEqualTo(FrameHeader.FLAG_COMPRESSED);
      int uncompressed = compressed.getInt(FrameHeader.LENGTH);
      assertThat(uncompressed).isEqualTo(plainLength - FrameHeader.LENGTH);
      ByteBuf body = ALLOC.buffer(uncompressed);
      Lz4Compressor.INSTANCE.decompress(
          compressed,
          FrameHeader.LENGTH + 4,
          compressed.readableBytes() - FrameHeader.LENGTH - 4,
          body,
          uncompressed);
      body.skipBytes(4);
      String decoded = body.readCharSequence(query.length(), StandardCharsets.UTF_8).toString();
      body.release();
      assertThat(decoded).isEqualTo(query);
    } finally {
      compressed.release();
    }
  }

  @Test
  void should_send_small_frames_uncompressed() {
    ByteBuf frame = RequestFrames.encode(ALLOC, 4, Options.INSTANCE);
    ByteBuf result = RequestFrames.compressV4(ALLOC, frame, Lz4Compressor.INSTANCE);
    assertThat(result).isSameAs(frame);
    assertThat(result.getByte(FrameHeader.FLAGS_OFFSET)).isZero();
    result.release();
  }

  @Test
  void should_ignore_the_compression_flag_of_v5_envelopes() {
    ByteBuf frame =
        new ByteWriter()
            .writeByte(0x85)
            .writeByte(FrameHeader.FLAG_COMPRESSED)
            .writeShort(1)
            .writeByte(Opcodes.READY)
            .writeInt(0)
            .toBuffer();
    try {
      ResponseFrame decoded = (ResponseFrame) FrameDecoder.decodeFrame(frame);
      assertThat(decoded.message()).isSameAs(Response.Ready.INSTANCE);
    } finally {
      frame.release();
    }
  }
}
