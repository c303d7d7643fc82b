package io.scyllaboot.driver.internal.connection;

import static io.scyllaboot.driver.internal.connection.EmbeddedFrames.ready;
import static io.scyllaboot.driver.internal.connection.EmbeddedFrames.writtenStreamId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.scyllaboot.driver.api.error.NodeUnresponsiveException;
import io.scyllaboot.driver.internal.protocol.frame.FrameHeader;
import io.scyllaboot.driver.internal.protocol.frame.RequestFrames;
import io.scyllaboot.driver.internal.protocol.frame.ResponseFrame;
import io.scyllaboot.driver.internal.protocol.message.Options;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * A connection that reads nothing while requests wait on it: reported unresponsive after the
 * timeout, its idempotent requests moved (their ids kept as orphans), responsive again at the next
 * response; on an embedded channel, whose scheduled deadline checks the test runs.
 */
class UnresponsiveConnectionTest {
  private static final long TIMEOUT_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
  private static final long REQUEST_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);

  private final List<Boolean> changes = new CopyOnWriteArrayList<>();

  private static PendingRequest request(boolean idempotent, long timeoutNanos) {
    ByteBuf frame = RequestFrames.encode(ByteBufAllocator.DEFAULT, 4, Options.INSTANCE);
    ResponseCallback callback =
        new ResponseCallback() {
          @Override
          public void onResponse(ResponseFrame response, Throwable error) {}

          @Override
          public boolean movableWhenUnresponsive() {
            return idempotent;
          }
        };
    return new PendingRequest(frame, "test", timeoutNanos, callback);
  }

  /** Runs the channel's scheduled deadline checks until {@code condition} holds. */
  private static void runScheduledUntil(EmbeddedChannel channel, BooleanSupplier condition) {
    await()
        .atMost(Duration.ofSeconds(5))
        .pollInterval(Duration.ofMillis(5))
        .until(
            () -> {
              channel.runScheduledPendingTasks();
              return condition.getAsBoolean();
            });
  }

  private InFlightHandler watched(EmbeddedChannel channel) {
    InFlightHandler handler = channel.pipeline().get(InFlightHandler.class);
    handler.watchResponsiveness(TIMEOUT_NANOS, changes::add);
    return handler;
  }

  @Test
  void should_move_idempotent_requests_off_a_connection_that_reads_nothing() {
    EmbeddedChannel channel = new EmbeddedChannel(new InFlightHandler(8, 8, 8, "test", e -> {}));
    InFlightHandler handler = watched(channel);
    PendingRequest idempotent = request(true, REQUEST_TIMEOUT_NANOS);
    PendingRequest other = request(false, REQUEST_TIMEOUT_NANOS);
    handler.write(idempotent);
    handler.write(other);
    channel.flush();
    int idempotentId = writtenStreamId(channel);
    int otherId = writtenStreamId(channel);

    runScheduledUntil(channel, () -> !changes.isEmpty());
    assertThat(changes).containsExactly(false);
    assertThat(handler.isUnresponsive()).isTrue();
    assertThatThrownBy(idempotent::join).hasCauseInstanceOf(NodeUnresponsiveException.class);
    assertThat(other).as("a request that is not idempotent waits for its own timeout").isNotDone();
    assertThat(handler.inFlightCount()).as("the moved request keeps its id").isEqualTo(2);
    assertThat(handler.orphanedCount()).as("it did not time out: no orphan").isZero();
    assertThat(handler.movedCount()).isEqualTo(1);

    // The node answers again: responsive at the first response; the late one frees the id.
    channel.writeInbound(ready(otherId));
    assertThat(changes).containsExactly(false, true);
    assertThat(other).isCompleted();
    channel.writeInbound(ready(idempotentId));
    assertThat(handler.inFlightCount()).isZero();
    assertThat(handler.movedCount()).isZero();
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_keep_a_connection_open_whatever_number_of_requests_moved_off_it() {
    // Bound of 2 orphans; 6 idempotent requests moved: the connection stays, ids held till the end.
    EmbeddedChannel channel = new EmbeddedChannel(new InFlightHandler(8, 8, 2, "test", e -> {}));
    InFlightHandler handler = watched(channel);
    List<PendingRequest> requests = new java.util.ArrayList<>();
    for (int i = 0; i < 6; i++) {
      PendingRequest request = request(true, REQUEST_TIMEOUT_NANOS);
      requests.add(request);
      handler.write(request);
    }
    channel.flush();
    List<Integer> ids = new java.util.ArrayList<>();
    for (int i = 0; i < 6; i++) {
      ids.add(writtenStreamId(channel));
    }
    runScheduledUntil(channel, () -> handler.movedCount() == 6);
    channel.runScheduledPendingTasks(); // one more check after the moves: the bound is applied
    assertThat(requests)
        .allSatisfy(
            r -> assertThatThrownBy(r::join).hasCauseInstanceOf(NodeUnresponsiveException.class));
    assertThat(handler.isClosed()).as("closed by moved requests").isFalse();
    assertThat(channel.isActive()).isTrue();
    for (int id : ids) {
      channel.writeInbound(ready(id));
    }
    assertThat(handler.inFlightCount()).isZero();
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_neither_report_nor_move_a_slow_request_when_the_node_answers_the_probe() {
    EmbeddedChannel channel = new EmbeddedChannel(new InFlightHandler(8, 8, 8, "test", e -> {}));
    InFlightHandler handler = channel.pipeline().get(InFlightHandler.class);
    handler.watchResponsiveness(
        TIMEOUT_NANOS,
        changes::add,
        () -> RequestFrames.encode(ByteBufAllocator.DEFAULT, 4, Options.INSTANCE));
    PendingRequest slow = request(true, REQUEST_TIMEOUT_NANOS);
    handler.write(slow);
    channel.flush();
    int slowId = writtenStreamId(channel);
    // After half the timeout of silence a probe goes out, and again after each half timeout of
    // silence; the node, alive, answers each at once.
    List<Integer> probes = new java.util.ArrayList<>();
    long sent = System.nanoTime();
    runScheduledUntil(
        channel,
        () -> {
          ByteBuf probe;
          while ((probe = channel.readOutbound()) != null) {
            int probeId = probe.getShort(FrameHeader.STREAM_OFFSET);
            probe.release();
            probes.add(probeId);
            channel.writeInbound(ready(probeId));
          }
          // Well past the timeout since the slow request was sent.
          return System.nanoTime() - sent > 3 * TIMEOUT_NANOS;
        });
    assertThat(probes).isNotEmpty().doesNotContain(slowId);
    assertThat(changes).isEmpty();
    assertThat(slow).isNotDone();
    channel.writeInbound(ready(slowId));
    assertThat(slow).isCompleted();
    drainProbes(channel);
    assertThat(channel.finishAndReleaseAll()).isFalse();
  }

  @Test
  void should_report_and_move_when_the_probe_is_not_answered_either() {
    EmbeddedChannel channel = new EmbeddedChannel(new InFlightHandler(8, 8, 8, "test", e -> {}));
    InFlightHandler handler = channel.pipeline().get(InFlightHandler.class);
    handler.watchResponsiveness(
        TIMEOUT_NANOS,
        changes::add,
        () -> RequestFrames.encode(ByteBufAllocator.DEFAULT, 4, Options.INSTANCE));
    PendingRequest stuck = request(true, REQUEST_TIMEOUT_NANOS);
    handler.write(stuck);
    channel.flush();
    writtenStreamId(channel);
    runScheduledUntil(channel, () -> !changes.isEmpty());
    assertThat(changes).containsExactly(false);
    assertThatThrownBy(stuck::join).hasCauseInstanceOf(NodeUnresponsiveException.class);
    assertThat(handler.inFlightCount()).as("the request and the probe hold their ids").isEqualTo(2);
    drainProbes(channel);
    channel.close();
    channel.finishAndReleaseAll();
  }

  @Test
  void should_tell_the_callback_of_the_late_response_of_a_cancelled_request() {
    EmbeddedChannel channel = new EmbeddedChannel(new InFlightHandler(8, 8, 8, "test", e -> {}));
    InFlightHandler handler = channel.pipeline().get(InFlightHandler.class);
    java.util.concurrent.atomic.AtomicInteger late =
        new java.util.concurrent.atomic.AtomicInteger();
    ResponseCallback callback =
        new ResponseCallback() {
          @Override
          public void onResponse(ResponseFrame response, Throwable error) {}

          @Override
          public void onLateResponse() {
            late.incrementAndGet();
          }
        };
    PendingRequest loser =
        new PendingRequest(
            RequestFrames.encode(ByteBufAllocator.DEFAULT, 4, Options.INSTANCE),
            "test",
            REQUEST_TIMEOUT_NANOS,
            callback);
    handler.write(loser);
    channel.flush();
    int id = writtenStreamId(channel);
    loser.cancel(false); // a speculative execution that lost the race
    assertThat(late).hasValue(0);
    channel.writeInbound(ready(id));
    assertThat(late).as("told once, when the answer came").hasValue(1);
    assertThat(handler.inFlightCount()).isZero();
    assertThat(channel.finish()).isFalse();
  }

  private static void drainProbes(EmbeddedChannel channel) {
    ByteBuf written;
    while ((written = channel.readOutbound()) != null) {
      written.release();
    }
  }

  @Test
  void should_not_report_a_connection_that_keeps_answering() throws Exception {
    EmbeddedChannel channel = new EmbeddedChannel(new InFlightHandler(8, 8, 8, "test", e -> {}));
    InFlightHandler handler = watched(channel);
    PendingRequest slow = request(true, REQUEST_TIMEOUT_NANOS);
    handler.write(slow);
    long end = System.nanoTime() + 4 * TIMEOUT_NANOS;
    // Another request answered every 10 ms while the slow one waits: the node is alive.
    while (System.nanoTime() < end) {
      PendingRequest quick = request(true, REQUEST_TIMEOUT_NANOS);
      handler.write(quick);
      channel.flush();
      ByteBuf written;
      while ((written = channel.readOutbound()) != null) {
        written.release();
      }
      channel.writeInbound(ready(quick.streamId));
      channel.runScheduledPendingTasks();
      Thread.sleep(10); // the passing of time is the test's subject, not a wait for a condition
    }
    assertThat(changes).isEmpty();
    assertThat(slow).isNotDone();
    channel.close();
    assertThat(slow).isCompletedExceptionally();
    channel.finishAndReleaseAll();
  }

  @Test
  void should_count_a_cancelled_request_past_its_deadline_as_an_orphan() {
    EmbeddedChannel channel = new EmbeddedChannel(new InFlightHandler(8, 8, 8, "test", e -> {}));
    InFlightHandler handler = channel.pipeline().get(InFlightHandler.class);
    PendingRequest lost = request(true, TimeUnit.MILLISECONDS.toNanos(20));
    handler.write(lost);
    channel.flush();
    int id = writtenStreamId(channel);
    lost.cancel(false); // a speculative execution that lost the race
    runScheduledUntil(channel, () -> handler.orphanedCount() == 1);
    assertThat(handler.inFlightCount()).isEqualTo(1);
    channel.writeInbound(ready(id));
    assertThat(handler.orphanedCount()).isZero();
    assertThat(handler.inFlightCount()).isZero();
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_report_a_closing_unresponsive_connection_responsive_again() {
    EmbeddedChannel channel = new EmbeddedChannel(new InFlightHandler(8, 8, 8, "test", e -> {}));
    InFlightHandler handler = watched(channel);
    handler.write(request(false, REQUEST_TIMEOUT_NANOS));
    channel.flush();
    writtenStreamId(channel);
    runScheduledUntil(channel, () -> !changes.isEmpty());
    channel.close();
    assertThat(changes).as("its node no longer counts it").containsExactly(false, true);
    channel.finishAndReleaseAll();
  }
}
