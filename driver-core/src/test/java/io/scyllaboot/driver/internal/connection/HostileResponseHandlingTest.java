package io.scyllaboot.driver.internal.connection;

import static io.scyllaboot.driver.internal.connection.EmbeddedFrames.writtenStreamId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.api.error.FrameDecodingException;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.frame.DecodeFailure;
import io.scyllaboot.driver.internal.protocol.frame.FrameDecoder;
import io.scyllaboot.driver.internal.protocol.frame.RequestFrames;
import io.scyllaboot.driver.internal.protocol.frame.ResponseFrame;
import io.scyllaboot.driver.internal.protocol.message.Options;
import io.scyllaboot.driver.internal.protocol.message.RowsResult;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What the in-flight table does with responses a hostile server sends: a frame that does not decode
 * fails its request with a typed error and closes the connection (nothing later on it can be
 * trusted), a ROWS response on the event stream is released, and a frame that never completes while
 * bytes arrived and requests wait closes the connection within the unresponsive timeout.
 */
class HostileResponseHandlingTest {
  private static final long UNRESPONSIVE_NANOS = TimeUnit.MILLISECONDS.toNanos(150);

  private static PendingRequest request() {
    ByteBuf frame = RequestFrames.encode(ByteBufAllocator.DEFAULT, 4, Options.INSTANCE);
    return new PendingRequest(frame, "test", TimeUnit.SECONDS.toNanos(30));
  }

  /** A whole v4 ROWS frame (one int cell) on {@code streamId}, in a pooled buffer. */
  private static ByteBuf rowsFrame(int streamId) {
    ByteBuf frame = ByteBufAllocator.DEFAULT.buffer();
    frame.writeByte(0x84).writeByte(0).writeShort(streamId).writeByte(Opcodes.RESULT);
    frame.writeInt(4 * 5 + 4 + 4);
    frame.writeInt(2).writeInt(0x0004).writeInt(1).writeInt(1); // ROWS, no metadata, 1x1
    frame.writeInt(4).writeInt(42);
    return frame;
  }

  @Test
  void should_release_a_rows_response_moved_to_the_event_stream() {
    InFlightHandler handler = new InFlightHandler(4, 4, 4, "test", event -> {});
    EmbeddedChannel channel = new EmbeddedChannel(handler);
    ByteBuf frame = rowsFrame(-1);
    ResponseFrame decoded;
    try {
      decoded = (ResponseFrame) FrameDecoder.decodeFrame(frame);
    } finally {
      frame.release();
    }
    RowsResult rows = (RowsResult) decoded.message();

    channel.writeInbound(decoded);

    assertThat(rows.isReleased()).isTrue();
    channel.finishAndReleaseAll();
  }

  @Test
  void should_fail_the_request_and_close_the_connection_when_its_response_does_not_decode() {
    InFlightHandler handler = new InFlightHandler(4, 4, 4, "test", event -> {});
    EmbeddedChannel channel = new EmbeddedChannel(handler);
    PendingRequest bad = request();
    PendingRequest other = request();
    handler.write(bad);
    handler.write(other);
    channel.flush();
    int badStream = writtenStreamId(channel);
    writtenStreamId(channel);

    channel.writeInbound(
        new DecodeFailure(badStream, Opcodes.RESULT, new IllegalArgumentException("forged")));

    assertThat(bad)
        .isCompletedExceptionally()
        .failsWithin(Duration.ZERO)
        .withThrowableOfType(Exception.class)
        .havingCause()
        .isInstanceOf(FrameDecodingException.class);
    assertThat(other)
        .failsWithin(Duration.ZERO)
        .withThrowableOfType(Exception.class)
        .havingCause()
        .isInstanceOf(ConnectionException.class);
    assertThat(channel.isOpen()).isFalse();
    channel.finishAndReleaseAll();
  }

  @Test
  void should_close_a_connection_whose_frame_never_completes_while_requests_wait() {
    InFlightHandler handler = new InFlightHandler(4, 4, 4, "test", event -> {});
    FrameDecoder decoder = new FrameDecoder(1 << 20);
    EmbeddedChannel channel = new EmbeddedChannel(decoder, handler);
    handler.watchResponsiveness(UNRESPONSIVE_NANOS, responsive -> {});
    PendingRequest waiting = request();
    handler.write(waiting);
    channel.flush();
    writtenStreamId(channel);
    // A header announcing 1000 bytes of body, of which only a few ever come: framing is lost.
    ByteBuf partial = Unpooled.buffer();
    partial.writeByte(0x84).writeByte(0).writeShort(1).writeByte(Opcodes.RESULT).writeInt(1000);
    partial.writeInt(1).writeInt(2);
    channel.writeInbound(partial);

    await()
        .atMost(Duration.ofSeconds(3))
        .until(
            () -> {
              channel.runScheduledPendingTasks();
              return !channel.isOpen();
            });
    assertThat(waiting)
        .failsWithin(Duration.ZERO)
        .withThrowableOfType(Exception.class)
        .havingCause()
        .isInstanceOf(ConnectionException.class)
        .withMessageContaining("no frame completed");
    channel.finishAndReleaseAll();
  }

  @Test
  void should_keep_a_silent_connection_open_for_the_heartbeat_to_judge() {
    InFlightHandler handler = new InFlightHandler(4, 4, 4, "test", event -> {});
    FrameDecoder decoder = new FrameDecoder(1 << 20);
    EmbeddedChannel channel = new EmbeddedChannel(decoder, handler);
    handler.watchResponsiveness(UNRESPONSIVE_NANOS, responsive -> {});
    PendingRequest waiting = request();
    handler.write(waiting);
    channel.flush();
    writtenStreamId(channel);

    // Nothing read at all: a stalled node, reported unresponsive but not closed.
    await()
        .atMost(Duration.ofSeconds(3))
        .until(
            () -> {
              channel.runScheduledPendingTasks();
              return handler.isUnresponsive();
            });
    assertThat(channel.isOpen()).isTrue();
    assertThat(waiting).isNotDone();
    waiting.completeExceptionally(new CompletionException("test over", null));
    channel.finishAndReleaseAll();
  }
}
