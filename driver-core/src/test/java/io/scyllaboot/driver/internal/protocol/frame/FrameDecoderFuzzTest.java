package io.scyllaboot.driver.internal.protocol.frame;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import io.netty.util.ReferenceCountUtil;
import io.scyllaboot.driver.api.error.FrameDecodingException;
import io.scyllaboot.driver.api.type.DataType;
import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.internal.protocol.codec.CodecRegistry;
import io.scyllaboot.driver.internal.protocol.codec.TypeCodec;
import io.scyllaboot.driver.internal.protocol.message.RowsResult;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Feeds the frame decoder well-formed frames whose bodies are randomly mutated (fixed seed, bounded
 * count): random bytes, and random ints written over length and count fields. Every frame must come
 * out as a decoded response or a {@link DecodeFailure} for its own stream; nothing escapes as an
 * exception or error (no stack overflow, no huge allocation) and nothing leaks. Decoded rows are
 * read cell by cell, and collection cells through their codec.
 */
class FrameDecoderFuzzTest {
  private static final int FRAMES = 100_000;
  private static final TypeCodec<?> INT_LIST =
      CodecRegistry.DEFAULT.codecFor(new DataType.ListType(PrimitiveType.INT, false));

  /** A ROWS result: global spec, columns (int, text, list<int>), 3 rows. */
  private static byte[] rowsBody() {
    ByteBuf body = Unpooled.buffer();
    body.writeInt(2); // kind ROWS
    body.writeInt(0x0001); // GLOBAL_TABLES_SPEC
    body.writeInt(3);
    writeString(body, "ks");
    writeString(body, "tbl");
    writeString(body, "a");
    body.writeShort(0x0009);
    writeString(body, "b");
    body.writeShort(0x000D);
    writeString(body, "c");
    body.writeShort(0x0020);
    body.writeShort(0x0009);
    body.writeInt(3);
    for (int row = 0; row < 3; row++) {
      body.writeInt(4).writeInt(row);
      body.writeInt(5).writeBytes("hello".getBytes(StandardCharsets.UTF_8));
      body.writeInt(12).writeInt(1).writeInt(4).writeInt(row);
    }
    byte[] bytes = new byte[body.readableBytes()];
    body.readBytes(bytes);
    return bytes;
  }

  private static void writeString(ByteBuf out, String s) {
    byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
    out.writeShort(bytes.length).writeBytes(bytes);
  }

  private static byte[] errorBody() {
    ByteBuf body = Unpooled.buffer();
    body.writeInt(0x1000);
    writeString(body, "unavailable");
    body.writeShort(4).writeInt(3).writeInt(1);
    byte[] bytes = new byte[body.readableBytes()];
    body.readBytes(bytes);
    return bytes;
  }

  /** A PREPARED result: id, variables (k int, v map<text, frozen<tuple<int, list<int>>>>). */
  private static byte[] preparedBody() {
    ByteBuf body = Unpooled.buffer();
    body.writeInt(4); // kind PREPARED
    body.writeShort(2).writeShort(0xCAFE);
    body.writeInt(0x0001).writeInt(2).writeInt(1).writeShort(0);
    writeString(body, "ks");
    writeString(body, "tbl");
    writeString(body, "k");
    body.writeShort(0x0009);
    writeString(body, "v");
    body.writeShort(0x0021).writeShort(0x000D);
    body.writeShort(0x0031).writeShort(2).writeShort(0x0009).writeShort(0x0020).writeShort(0x0009);
    body.writeInt(0x0004).writeInt(1); // result metadata: no metadata, one column
    return bytes(body);
  }

  /** SUPPORTED: a string multimap. */
  private static byte[] supportedBody() {
    ByteBuf body = Unpooled.buffer();
    body.writeShort(2);
    writeString(body, "CQL_VERSION");
    body.writeShort(1);
    writeString(body, "3.4.7");
    writeString(body, "COMPRESSION");
    body.writeShort(2);
    writeString(body, "lz4");
    writeString(body, "snappy");
    return bytes(body);
  }

  /** A SCHEMA_CHANGE event for a function, with its argument types. */
  private static byte[] eventBody() {
    ByteBuf body = Unpooled.buffer();
    writeString(body, "SCHEMA_CHANGE");
    writeString(body, "CREATED");
    writeString(body, "FUNCTION");
    writeString(body, "ks");
    writeString(body, "f");
    body.writeShort(2);
    writeString(body, "int");
    writeString(body, "text");
    return bytes(body);
  }

  /** AUTH_CHALLENGE: a [bytes] token. */
  private static byte[] challengeBody() {
    return bytes(
        Unpooled.buffer().writeInt(6).writeBytes("abcdef".getBytes(StandardCharsets.UTF_8)));
  }

  private static byte[] bytes(ByteBuf body) {
    byte[] bytes = new byte[body.readableBytes()];
    body.readBytes(bytes);
    return bytes;
  }

  private static ByteBuf frame(int streamId, int opcode, byte[] body) {
    return Unpooled.buffer(9 + body.length).writeBytes(frameBytes(streamId, opcode, body));
  }

  private static byte[] frameBytes(int streamId, int opcode, byte[] body) {
    // Untracked: the leak detector records every tracked buffer, too slow for 10^5 frames.
    ByteBuf frame = Unpooled.wrappedBuffer(new byte[9 + body.length]).clear();
    frame.writeByte(0x84).writeByte(0).writeShort(streamId).writeByte(opcode).writeInt(body.length);
    frame.writeBytes(body);
    return frame.array();
  }

  @Test
  void should_turn_every_mutated_body_into_a_response_or_a_failure_of_its_own_stream() {
    Random random = new Random(20261130L);
    byte[][] bodies = {
      rowsBody(), errorBody(), preparedBody(), supportedBody(), eventBody(), challengeBody()
    };
    int[] opcodes = {0x08, 0x00, 0x08, 0x06, 0x0C, 0x0E};
    EmbeddedChannel channel = new EmbeddedChannel(new FrameDecoder(1 << 20));
    int failures = 0;
    for (int i = 0; i < FRAMES; i++) {
      int kind = random.nextInt(bodies.length);
      byte[] body = mutate(bodies[kind].clone(), random);
      int streamId = random.nextInt(32768);
      byte[] input = frameBytes(streamId, opcodes[kind], body);
      if (i % 20 == 0) {
        // Through the channel, split at a random point to exercise re-assembly too.
        ByteBuf tracked = Unpooled.buffer(input.length).writeBytes(input);
        int split = random.nextInt(input.length);
        channel.writeInbound(tracked.retainedSlice(0, split));
        channel.writeInbound(tracked.retainedSlice(split, input.length - split));
        tracked.release();
        failures += check(channel.readInbound(), streamId);
        assertThat((Object) channel.readInbound()).isNull();
      } else {
        // Directly: the reference count shows that nothing decoded from it stays retained.
        ByteBuf frame = Unpooled.wrappedBuffer(input);
        failures += check(FrameDecoder.decodeFrame(frame), streamId);
        assertThat(frame.refCnt()).as("frame %s", i).isEqualTo(1);
        frame.release();
      }
    }
    assertThat(failures).isPositive();
    assertThat(failures).isLessThan(FRAMES); // some mutated frames still decode
    assertThat(channel.finish()).isFalse();
  }

  /**
   * 1 for a failure of the frame's own stream, 0 for a response, whose rows are read then freed.
   */
  private static int check(Object out, int streamId) {
    assertThat(out).isNotNull();
    if (out instanceof DecodeFailure failure) {
      assertThat(failure.streamId()).isEqualTo(streamId);
      return 1;
    }
    ResponseFrame response = (ResponseFrame) out;
    assertThat(response.streamId()).isEqualTo(streamId);
    if (response.message() instanceof RowsResult rows) {
      exerciseAndRelease(rows);
    }
    return 0;
  }

  /** Random bytes, or a random (often huge or negative) int over a 2- or 4-byte field. */
  private static byte[] mutate(byte[] body, Random random) {
    int mutations = 1 + random.nextInt(4);
    for (int m = 0; m < mutations; m++) {
      int at = random.nextInt(body.length);
      if (random.nextBoolean() || at > body.length - 4) {
        body[at] = (byte) random.nextInt(256);
      } else {
        int value = random.nextBoolean() ? random.nextInt() : Integer.MAX_VALUE - random.nextInt(3);
        body[at] = (byte) (value >>> 24);
        body[at + 1] = (byte) (value >>> 16);
        body[at + 2] = (byte) (value >>> 8);
        body[at + 3] = (byte) value;
      }
    }
    return body;
  }

  /** Reads every cell of a decoded (possibly mutated) page: a bad length must fail typed. */
  private static void exerciseAndRelease(RowsResult rows) {
    try {
      if (rows.rowCount() >= 0 && rows.rowCount() < 100 && rows.columnCount() < 100) {
        rows.columns();
        for (int r = 0; r < rows.rowCount(); r++) {
          for (int c = 0; c < rows.columnCount(); c++) {
            int offset = rows.cellOffset(r, c);
            int length = rows.buffer().getInt(offset);
            if (c == 2 && length >= 0) {
              INT_LIST.decode(rows.buffer(), offset + 4, length);
            }
          }
        }
      }
    } catch (FrameDecodingException | IllegalArgumentException | IndexOutOfBoundsException e) {
      // A corrupted page fails when read; what matters is that it is released below.
    } finally {
      rows.release();
    }
  }

  @Test
  void should_fail_the_connection_with_a_typed_error_on_a_corrupt_header() {
    EmbeddedChannel channel = new EmbeddedChannel(new FrameDecoder(1 << 20));
    ByteBuf bad = frame(1, 0x02, new byte[0]);
    bad.setByte(0, 0x04); // a request version byte where a response is expected
    try {
      channel.writeInbound(bad);
      throw new AssertionError("expected a decoder exception");
    } catch (DecoderException expected) {
      assertThat(expected).hasMessageContaining("expected a response frame");
    }
    Object leftover;
    while ((leftover = channel.readInbound()) != null) {
      ReferenceCountUtil.release(leftover);
    }
    channel.finishAndReleaseAll();
  }
}
