package io.scyllaboot.driver.internal.protocol.frame;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.scyllaboot.driver.api.error.CrcMismatchException;
import io.scyllaboot.driver.internal.protocol.message.Response;
import java.util.List;
import java.util.Random;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The v5 segment format against bytes captured from a real Cassandra 5.0.6 node, and round trips of
 * both variants (uncompressed and LZ4).
 */
class SegmentCodecTest {
  private static final ByteBufAllocator ALLOC = ByteBufAllocator.DEFAULT;

  /** The node's SUPPORTED answer to a framed OPTIONS (stream 2), uncompressed. */
  static final String CAPTURED_UNCOMPRESSED =
      "6f00020a9b44"
          + "8500000206000000660003001150524f544f434f4c5f56455253494f4e5300040004332f7633"
          + "0004342f76340004352f76350009362f76362d62657461000b434f4d5052455353494f4e0002"
          + "0006736e6170707900036c7a34000b43514c5f56455253494f4e00010005332e342e37"
          + "41a4c6a3";

  /** The same answer on a connection that negotiated LZ4. */
  static final String CAPTURED_LZ4 =
      "6b00de000448b3df"
          + "f0378500000206000000660003001150524f544f434f4c5f56455253494f4e5300040004332f"
          + "76330004342f76340004352f76350009362f76362d62657461000b434f4d505245532d00f504"
          + "00020006736e6170707900036c7a34000b435149009000010005332e342e37"
          + "255d909f";

  /** The driver's framed OPTIONS (stream 2) that the node accepted. */
  static final String SENT_OPTIONS = "090002a4c8c1" + "050000020500000000" + "1b27e000";

  private static ByteBuf hex(String hex) {
    byte[] bytes = ByteBufUtil.decodeHexDump(hex);
    return ALLOC.buffer(bytes.length).writeBytes(bytes);
  }

  private static String hexOf(ByteBuf buffer) {
    try {
      return ByteBufUtil.hexDump(buffer);
    } finally {
      buffer.release();
    }
  }

  @Test
  void should_compute_crc24_of_captured_headers() {
    // Header 0x02006f: 111 bytes, self-contained; the node sent CRC24 0x449b0a.
    assertThat(Crc24.compute(0x02006f, 3)).isEqualTo(0x449b0a);
    assertThat(Crc24.compute(0x020009, 3)).isEqualTo(0xc1c8a4);
    assertThat(Crc24.compute(0, 0)).isEqualTo(Crc24.INITIAL);
  }

  @Test
  void should_compute_crc32_seeded_with_cassandra_bytes() {
    byte[] data = "123456789".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    CRC32 reference = new CRC32();
    reference.update(new byte[] {(byte) 0xFA, 0x2D, 0x55, (byte) 0xCA});
    reference.update(data);
    ByteBuf heap = io.netty.buffer.Unpooled.wrappedBuffer(data);
    ByteBuf direct = ALLOC.directBuffer().writeBytes(data);
    try {
      Crc32 crc = new Crc32();
      assertThat(crc.compute(heap, 0, data.length)).isEqualTo((int) reference.getValue());
      assertThat(crc.compute(direct, 0, data.length)).isEqualTo((int) reference.getValue());
    } finally {
      direct.release();
    }
  }

  @Test
  void should_decode_a_segment_captured_from_cassandra() {
    ByteBuf in = hex(CAPTURED_UNCOMPRESSED);
    SegmentCodec.Segment segment = new SegmentCodec(null).decode(ALLOC, in);
    try {
      assertThat(segment).isNotNull();
      assertThat(segment.selfContained()).isTrue();
      assertThat(in.isReadable()).isFalse();
      ResponseFrame frame = (ResponseFrame) FrameDecoder.decodeFrame(segment.payload());
      assertThat(frame.streamId()).isEqualTo(2);
      Response.Supported supported = (Response.Supported) frame.message();
      assertThat(supported.options().get("COMPRESSION")).containsExactly("snappy", "lz4");
    } finally {
      segment.payload().release();
      in.release();
    }
  }

  @Test
  void should_decode_an_lz4_segment_captured_from_cassandra() {
    ByteBuf in = hex(CAPTURED_LZ4);
    SegmentCodec.Segment segment = new SegmentCodec(Lz4Compressor.INSTANCE).decode(ALLOC, in);
    try {
      assertThat(segment.selfContained()).isTrue();
      assertThat(segment.payload().readableBytes()).isEqualTo(111);
      ResponseFrame frame = (ResponseFrame) FrameDecoder.decodeFrame(segment.payload());
      assertThat(((Response.Supported) frame.message()).options()).containsKey("CQL_VERSION");
    } finally {
      segment.payload().release();
      in.release();
    }
  }

  @Test
  void should_encode_the_bytes_cassandra_accepted() {
    ByteBuf envelope = hex("050000020500000000");
    try {
      assertThat(hexOf(new SegmentCodec(null).encode(ALLOC, envelope, true)))
          .isEqualTo(SENT_OPTIONS);
      assertThat(envelope.readableBytes()).as("the payload is not consumed").isEqualTo(9);
    } finally {
      envelope.release();
    }
  }

  @Test
  void should_re_encode_the_captured_payload_identically() {
    ByteBuf in = hex(CAPTURED_UNCOMPRESSED);
    SegmentCodec codec = new SegmentCodec(null);
    SegmentCodec.Segment segment = codec.decode(ALLOC, in);
    try {
      assertThat(hexOf(codec.encode(ALLOC, segment.payload(), true)))
          .isEqualTo(CAPTURED_UNCOMPRESSED);
    } finally {
      segment.payload().release();
      in.release();
    }
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void should_wait_for_whole_segment_when_fed_byte_by_byte(boolean lz4) {
    SegmentCodec codec = new SegmentCodec(lz4 ? Lz4Compressor.INSTANCE : null);
    byte[] bytes = ByteBufUtil.decodeHexDump(lz4 ? CAPTURED_LZ4 : CAPTURED_UNCOMPRESSED);
    ByteBuf in = ALLOC.buffer(bytes.length);
    try {
      for (int i = 0; i < bytes.length - 1; i++) {
        in.writeByte(bytes[i]);
        assertThat(codec.decode(ALLOC, in)).isNull();
        assertThat(in.readerIndex()).isZero();
      }
      in.writeByte(bytes[bytes.length - 1]);
      SegmentCodec.Segment segment = codec.decode(ALLOC, in);
      assertThat(segment.payload().readableBytes()).isEqualTo(111);
      segment.payload().release();
    } finally {
      in.release();
    }
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void should_detect_a_corrupt_header(boolean lz4) {
    ByteBuf in = hex(lz4 ? CAPTURED_LZ4 : CAPTURED_UNCOMPRESSED);
    try {
      in.setByte(0, in.getByte(0) ^ 0x01); // one bit of the length
      assertThatThrownBy(
              () -> new SegmentCodec(lz4 ? Lz4Compressor.INSTANCE : null).decode(ALLOC, in))
          .isInstanceOf(CrcMismatchException.class)
          .hasMessageContaining("header CRC24 mismatch");
      assertThat(in.readerIndex()).isZero();
    } finally {
      in.release();
    }
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void should_detect_a_corrupt_payload(boolean lz4) {
    ByteBuf in = hex(lz4 ? CAPTURED_LZ4 : CAPTURED_UNCOMPRESSED);
    try {
      in.setByte(20, in.getByte(20) ^ 0x40);
      assertThatThrownBy(
              () -> new SegmentCodec(lz4 ? Lz4Compressor.INSTANCE : null).decode(ALLOC, in))
          .isInstanceOf(CrcMismatchException.class)
          .hasMessageContaining("payload CRC32 mismatch");
    } finally {
      in.release();
    }
  }

  @Test
  void should_detect_a_corrupt_trailer() {
    ByteBuf in = hex(CAPTURED_UNCOMPRESSED);
    try {
      in.setByte(in.writerIndex() - 1, in.getByte(in.writerIndex() - 1) ^ 0x80);
      assertThatThrownBy(() -> new SegmentCodec(null).decode(ALLOC, in))
          .isInstanceOf(CrcMismatchException.class);
    } finally {
      in.release();
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 100, 4096, SegmentCodec.MAX_PAYLOAD_LENGTH})
  void should_round_trip_compressible_and_random_payloads_with_lz4(int length) {
    SegmentCodec codec = new SegmentCodec(Lz4Compressor.INSTANCE);
    byte[] random = new byte[length];
    new Random(length).nextBytes(random);
    byte[] repetitive = new byte[length];
    for (int i = 0; i < length; i++) {
      repetitive[i] = (byte) "scylla boot ".charAt(i % 12);
    }
    for (byte[] data : List.of(random, repetitive)) {
      ByteBuf payload = ALLOC.buffer(length).writeBytes(data);
      ByteBuf segment = codec.encode(ALLOC, payload, false);
      payload.release();
      try {
        if (data == repetitive && length > 100) {
          assertThat(segment.readableBytes()).isLessThan(length / 4);
        }
        if (data == random && length > 0) {
          // Incompressible: sent as is, flagged with an uncompressed length of 0.
          assertThat(segment.getLongLE(0) >>> 17 & SegmentCodec.MAX_PAYLOAD_LENGTH).isZero();
        }
        SegmentCodec.Segment decoded = codec.decode(ALLOC, segment);
        assertThat(decoded.selfContained()).isFalse();
        assertThat(ByteBufUtil.getBytes(decoded.payload())).isEqualTo(data);
        decoded.payload().release();
        assertThat(segment.isReadable()).isFalse();
      } finally {
        segment.release();
      }
    }
  }

  @Test
  void should_refuse_a_payload_longer_than_the_maximum() {
    ByteBuf payload = ALLOC.buffer().writeZero(SegmentCodec.MAX_PAYLOAD_LENGTH + 1);
    try {
      assertThatThrownBy(() -> new SegmentCodec(null).encode(ALLOC, payload, true))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("131071");
    } finally {
      payload.release();
    }
  }
}
