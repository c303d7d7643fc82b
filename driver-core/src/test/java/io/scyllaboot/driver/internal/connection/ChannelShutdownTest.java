package io.scyllaboot.driver.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.scyllaboot.driver.api.Compression;
import io.scyllaboot.driver.internal.protocol.frame.ResponseFrame;
import io.scyllaboot.driver.internal.protocol.message.Options;
import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Requests sent while a connection's event loop shuts down (issue 21, defect 8). The send queue has
 * one consumer, the loop: a sender that found the loop gone used to drain the queue itself while
 * the loop could still be draining it, and a loop that stopped under an open connection left its
 * queued, waiting and in-flight requests to wait forever. Every request completes now.
 */
class ChannelShutdownTest {
  private static final int PORT = 19747;
  private static final int SENDERS = 4;
  private static final int ROUNDS = 3;

  private FakeCluster cluster;

  @AfterEach
  void tearDown() {
    if (cluster != null) {
      cluster.close();
    }
  }

  private static ConnectionOptions options() {
    return new ConnectionOptions(
        4,
        Duration.ofSeconds(5),
        Duration.ofSeconds(5),
        1024,
        1 << 16,
        1 << 20,
        Duration.ZERO,
        Compression.NONE,
        null,
        true,
        null);
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void should_complete_every_request_sent_while_the_event_loop_shuts_down(Transport transport)
      throws Exception {
    cluster = new FakeCluster(1, PORT);
    ExecutorService senders = Executors.newFixedThreadPool(SENDERS);
    try {
      for (int round = 0; round < ROUNDS; round++) {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, transport.ioHandlerFactory());
        DriverChannel channel =
            new ChannelFactory(group, options(), "shutdown", null)
                .connect(cluster.node(0).address(), null, event -> {})
                .toCompletableFuture()
                .get(10, TimeUnit.SECONDS);
        ConcurrentLinkedQueue<CompletableFuture<ResponseFrame>> sent =
            new ConcurrentLinkedQueue<>();
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger sentCount = new AtomicInteger();
        CountDownLatch sending = new CountDownLatch(SENDERS);
        List<Future<?>> running =
            java.util.stream.IntStream.range(0, SENDERS)
                .<Future<?>>mapToObj(
                    i ->
                        senders.submit(
                            () -> {
                              sending.countDown();
                              for (int n = 0; n < 3_000 && !stop.get(); n++) {
                                sent.add(channel.send(Options.INSTANCE, 0));
                                sentCount.incrementAndGet();
                              }
                            }))
                .toList();
        sending.await();
        // A few hundred requests under way when the loop starts shutting down...
        awaitSent(sentCount, 300, running);
        io.netty.util.concurrent.Future<?> terminated =
            group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
        terminated.await(10, TimeUnit.SECONDS);
        // ...and senders still sending after it terminated.
        awaitSent(sentCount, sentCount.get() + 100, running);
        stop.set(true);
        for (Future<?> sender : running) {
          sender.get(10, TimeUnit.SECONDS);
        }
        CompletableFuture<Void> all =
            CompletableFuture.allOf(sent.toArray(new CompletableFuture<?>[0]));
        try {
          all.get(10, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException failedOnes) {
          // closed under them: a failure is an outcome
        } catch (java.util.concurrent.TimeoutException e) {
          // reported below with the count
        }
        long unfinished = sent.stream().filter(request -> !request.isDone()).count();
        assertThat(unfinished)
            .as("round %s: requests never completed of %s sent", round, sent.size())
            .isZero();
      }
    } finally {
      senders.shutdownNow();
    }
  }

  /** Waits until {@code count} requests were sent, or every sender ran out of requests. */
  private static void awaitSent(AtomicInteger sent, int count, List<Future<?>> senders) {
    await()
        .atMost(Duration.ofSeconds(10))
        .pollInterval(Duration.ofMillis(1))
        .until(() -> sent.get() >= count || senders.stream().allMatch(Future::isDone));
  }
}
