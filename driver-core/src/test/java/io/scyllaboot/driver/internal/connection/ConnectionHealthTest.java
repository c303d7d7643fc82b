package io.scyllaboot.driver.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.scyllaboot.driver.api.Compression;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.api.error.DriverTimeoutException;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.frame.ResponseFrame;
import io.scyllaboot.driver.internal.protocol.message.Query;
import io.scyllaboot.driver.internal.protocol.message.QueryOptions;
import io.scyllaboot.driver.internal.protocol.message.Result;
import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import io.scyllaboot.driver.testing.fakenode.FakeCluster.Behaviour;
import io.scyllaboot.driver.testing.fakenode.FakeNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Heartbeats and the detection of a node that stops answering, on single connections to a fake
 * node: a heartbeat goes out only when nothing was read for the interval, a busy connection is
 * never closed because its heartbeat could not be sent, and a connection whose timed-out requests
 * pile up past the orphan bound is closed.
 */
class ConnectionHealthTest {
  private static final int PORT = 19142;
  private static final String SLOW = "SELECT slow FROM ks.tbl";
  private static final String FAST = "SELECT fast FROM ks.tbl";

  private FakeCluster cluster;
  private FakeNode node;
  private EventLoopGroup group;
  private final List<DriverChannel> channels = new ArrayList<>();

  @BeforeEach
  void start() {
    cluster = new FakeCluster(1, PORT);
    node = cluster.node(0);
    group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
  }

  @AfterEach
  void stop() {
    channels.forEach(channel -> channel.close().join());
    group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS).syncUninterruptibly();
    cluster.close();
  }

  private DriverChannel connect(int maxRequests, Duration heartbeat) {
    return connect(maxRequests, heartbeat, Duration.ofSeconds(2));
  }

  /**
   * @param initTimeout the handshake's timeout, also the heartbeat's
   */
  private DriverChannel connect(int maxRequests, Duration heartbeat, Duration initTimeout) {
    ConnectionOptions options =
        new ConnectionOptions(
            4,
            Duration.ofSeconds(2),
            initTimeout,
            maxRequests,
            64,
            1 << 20,
            heartbeat,
            Compression.NONE,
            null,
            true,
            null);
    DriverChannel channel =
        new ChannelFactory(group, options, "health", null)
            .connect(node.address(), null, event -> {})
            .toCompletableFuture()
            .join();
    channels.add(channel);
    return channel;
  }

  private static CompletableFuture<ResponseFrame> query(
      DriverChannel channel, String cql, Duration timeout) {
    QueryOptions options =
        new QueryOptions(1, null, false, 0, null, -1, QueryOptions.NO_TIMESTAMP, null);
    return channel.send(new Query(cql, options), timeout.toNanos());
  }

  @Test
  void should_send_no_heartbeat_while_responses_keep_coming() {
    cluster.behave(SLOW, Behaviour.delay(10));
    DriverChannel channel = connect(16, Duration.ofMillis(300));
    int handshakeOptions = node.received(Opcodes.OPTIONS).size();

    // Steady traffic: two chains of requests, each sent as soon as the previous one is answered.
    AtomicBoolean running = new AtomicBoolean(true);
    AtomicInteger answered = new AtomicInteger();
    List<CompletableFuture<Void>> chains =
        List.of(new CompletableFuture<>(), new CompletableFuture<>());
    chains.forEach(done -> chain(channel, running, answered, done));

    // Seven heartbeat intervals pass with traffic: not one OPTIONS.
    await()
        .during(Duration.ofMillis(2100))
        .atMost(Duration.ofSeconds(4))
        .until(() -> node.received(Opcodes.OPTIONS).size() == handshakeOptions);
    running.set(false);
    chains.forEach(CompletableFuture::join);
    assertThat(answered).hasValueGreaterThan(20);
    assertThat(channel.isOpen()).isTrue();
  }

  private static void chain(
      DriverChannel channel,
      AtomicBoolean running,
      AtomicInteger answered,
      CompletableFuture<Void> done) {
    query(channel, SLOW, Duration.ofSeconds(2))
        .whenComplete(
            (response, error) -> {
              if (error != null) {
                done.completeExceptionally(error);
              } else if (running.get()) {
                answered.incrementAndGet();
                chain(channel, running, answered, done);
              } else {
                done.complete(null);
              }
            });
  }

  @Test
  void should_send_a_heartbeat_on_an_idle_connection() {
    DriverChannel channel = connect(16, Duration.ofMillis(200));
    int handshakeOptions = node.received(Opcodes.OPTIONS).size();

    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> node.received(Opcodes.OPTIONS).size() >= handshakeOptions + 2);
    assertThat(channel.isOpen()).isTrue();
  }

  @Test
  void should_close_an_idle_connection_whose_heartbeat_goes_unanswered() {
    DriverChannel channel = connect(16, Duration.ofMillis(200), Duration.ofMillis(500));
    node.answerHeartbeats(false);

    channel.closeFuture().orTimeout(5, TimeUnit.SECONDS).join();
    assertThat(channel.isOpen()).isFalse();
  }

  @Test
  void should_keep_a_connection_open_when_its_heartbeat_finds_no_free_stream_id() {
    cluster.behave(SLOW, Behaviour.silence());
    DriverChannel channel = connect(2, Duration.ofMillis(100), Duration.ofSeconds(1));
    int handshakeOptions = node.received(Opcodes.OPTIONS).size();
    // Both stream ids held by requests that wait as long as the connection lives.
    CompletableFuture<ResponseFrame> first = query(channel, SLOW, Duration.ZERO);
    CompletableFuture<ResponseFrame> second = query(channel, SLOW, Duration.ZERO);
    await().until(() -> node.received(Opcodes.QUERY).size() == 2);

    // Many heartbeat intervals (and heartbeat timeouts) pass without a read.
    await().during(Duration.ofMillis(1200)).atMost(Duration.ofSeconds(3)).until(channel::isOpen);
    assertThat(node.received(Opcodes.OPTIONS)).hasSize(handshakeOptions);
    assertThat(first).isNotDone();
    assertThat(second).isNotDone();
  }

  @Test
  void should_close_a_connection_whose_orphaned_stream_ids_pass_the_bound() {
    DriverChannel channel = connect(8, Duration.ZERO); // bound: 8 / 4 = 2 orphaned ids
    assertThat(ConnectionOptions.DEFAULTS.withMaxRequestsPerConnection(8).maxOrphanedStreamIds())
        .isEqualTo(2);
    query(channel, FAST, Duration.ofSeconds(2)).join();
    node.answering(FakeNode.Answering.NEVER);

    List<CompletableFuture<ResponseFrame>> timedOut = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      timedOut.add(query(channel, FAST, Duration.ofMillis(50)));
    }
    for (CompletableFuture<ResponseFrame> request : timedOut) {
      assertThatThrownBy(request::join).hasCauseInstanceOf(DriverTimeoutException.class);
    }
    // At the bound, not past it: the connection stays.
    await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(2)).until(channel::isOpen);
    assertThat(channel.inFlightCount()).isEqualTo(2);

    CompletableFuture<ResponseFrame> waiting = query(channel, FAST, Duration.ZERO);
    CompletableFuture<ResponseFrame> third = query(channel, FAST, Duration.ofMillis(50));
    assertThatThrownBy(third::join).hasCauseInstanceOf(DriverTimeoutException.class);

    channel.closeFuture().orTimeout(5, TimeUnit.SECONDS).join();
    assertThatThrownBy(waiting::join)
        .hasCauseInstanceOf(ConnectionException.class)
        .hasMessageContaining("orphaned");
    assertThat(channel.inFlightCount()).isZero();
  }

  @Test
  void should_free_orphaned_stream_ids_when_late_responses_arrive() {
    cluster.behave(SLOW, Behaviour.delay(200));
    DriverChannel channel = connect(8, Duration.ZERO); // bound: 2 orphaned ids

    for (int round = 0; round < 3; round++) {
      CompletableFuture<ResponseFrame> a = query(channel, SLOW, Duration.ofMillis(30));
      CompletableFuture<ResponseFrame> b = query(channel, SLOW, Duration.ofMillis(30));
      assertThatThrownBy(a::join).hasCauseInstanceOf(DriverTimeoutException.class);
      assertThatThrownBy(b::join).hasCauseInstanceOf(DriverTimeoutException.class);
      await().atMost(Duration.ofSeconds(2)).until(() -> channel.inFlightCount() == 0);
    }
    // Six timeouts in all, never more than two orphaned at once: the connection stays.
    assertThat(channel.isOpen()).isTrue();
    assertThat(query(channel, FAST, Duration.ofSeconds(2)).join().message())
        .isInstanceOf(Result.Void.class);
  }

  @Test
  void should_time_out_requests_waiting_for_a_stream_id() {
    DriverChannel channel = connect(64, Duration.ZERO); // 64 ids, 64 may wait
    node.answering(FakeNode.Answering.NEVER);
    List<CompletableFuture<ResponseFrame>> holders = new ArrayList<>();
    for (int i = 0; i < 64; i++) {
      holders.add(query(channel, FAST, Duration.ZERO)); // no deadline: every id held
    }
    await().until(() -> channel.inFlightCount() == 64);

    List<CompletableFuture<ResponseFrame>> waiting = new ArrayList<>();
    for (int i = 0; i < 64; i++) {
      waiting.add(query(channel, FAST, Duration.ofMillis(100)));
    }
    for (CompletableFuture<ResponseFrame> request : waiting) {
      assertThatThrownBy(request::join).hasCauseInstanceOf(DriverTimeoutException.class);
    }
    // They never took an id, so none is orphaned: the connection stays, the holders still wait.
    assertThat(channel.orphanedCount()).isZero();
    assertThat(channel.isOpen()).isTrue();
    assertThat(holders).noneMatch(CompletableFuture::isDone);
  }

  @Test
  void should_fail_only_the_requests_past_their_own_deadline() {
    cluster.behave(SLOW, Behaviour.delay(300));
    DriverChannel channel = connect(256, Duration.ZERO); // orphan bound 64

    List<CompletableFuture<ResponseFrame>> impatient = new ArrayList<>();
    List<CompletableFuture<ResponseFrame>> patient = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      impatient.add(query(channel, SLOW, Duration.ofMillis(50)));
      patient.add(query(channel, SLOW, Duration.ofSeconds(5)));
    }
    for (CompletableFuture<ResponseFrame> request : impatient) {
      assertThatThrownBy(request::join).hasCauseInstanceOf(DriverTimeoutException.class);
    }
    for (CompletableFuture<ResponseFrame> request : patient) {
      assertThat(request.join().message()).isInstanceOf(Result.class);
    }
    // The late answers of the timed-out requests free their ids.
    await().atMost(Duration.ofSeconds(2)).until(() -> channel.inFlightCount() == 0);
    assertThat(channel.orphanedCount()).isZero();
    assertThat(channel.isOpen()).isTrue();
  }
}
