package io.scyllaboot.driver.internal.protocol.frame;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import io.netty.util.ReferenceCountUtil;
import io.scyllaboot.driver.internal.protocol.message.RowsResult;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Feeds the frame decoder well-formed frames whose bodies are randomly mutated (fixed seed, bounded
 * count). Every frame must come out as a decoded response or a {@link DecodeFailure} for its own
 * stream; nothing escapes as an exception and nothing leaks.
 */
class FrameDecoderFuzzTest {
  private static final int FRAMES = 5_000;

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

  private static ByteBuf frame(int streamId, int opcode, byte[] body) {
    ByteBuf frame = Unpooled.buffer(9 + body.length);
    frame.writeByte(0x84).writeByte(0).writeShort(streamId).writeByte(opcode).writeInt(body.length);
    frame.writeBytes(body);
    return frame;
  }

  @Test
  void should_turn_every_mutated_body_into_a_response_or_a_failure_of_its_own_stream() {
    Random random = new Random(20261130L);
    byte[][] bodies = {rowsBody(), errorBody()};
    int[] opcodes = {0x08, 0x00};
    EmbeddedChannel channel = new EmbeddedChannel(new FrameDecoder(1 << 20));
    int failures = 0;
    int decoded = 0;
    for (int i = 0; i < FRAMES; i++) {
      int kind = random.nextInt(2);
      byte[] body = bodies[kind].clone();
      int mutations = 1 + random.nextInt(4);
      for (int m = 0; m < mutations; m++) {
        body[random.nextInt(body.length)] = (byte) random.nextInt(256);
      }
      int streamId = random.nextInt(32768);
      ByteBuf input = frame(streamId, opcodes[kind], body);
      // Split at a random point to exercise re-assembly too.
      int split = random.nextInt(input.readableBytes());
      channel.writeInbound(input.retainedSlice(0, split));
      channel.writeInbound(input.retainedSlice(split, input.readableBytes() - split));
      input.release();
      Object out = channel.readInbound();
      assertThat(out).as("frame %s", i).isNotNull();
      if (out instanceof DecodeFailure failure) {
        assertThat(failure.streamId()).isEqualTo(streamId);
        failures++;
      } else {
        ResponseFrame response = (ResponseFrame) out;
        assertThat(response.streamId()).isEqualTo(streamId);
        if (response.message() instanceof RowsResult rows) {
          exerciseAndRelease(rows);
        }
        decoded++;
      }
      assertThat((Object) channel.readInbound()).isNull();
    }
    assertThat(failures).isPositive();
    assertThat(decoded).isPositive();
    assertThat(channel.finish()).isFalse();
  }

  /** Reads every cell of a decoded (possibly mutated) page: a bad length must fail typed. */
  private static void exerciseAndRelease(RowsResult rows) {
    try {
      if (rows.rowCount() >= 0 && rows.rowCount() < 100 && rows.columnCount() < 100) {
        rows.columns();
        for (int r = 0; r < rows.rowCount(); r++) {
          for (int c = 0; c < rows.columnCount(); c++) {
            rows.cellOffset(r, c);
          }
        }
      }
    } catch (RuntimeException expected) {
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
