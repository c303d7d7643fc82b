package io.scyllaboot.driver.internal.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.policy.AddressTranslator;
import io.scyllaboot.driver.internal.protocol.Primitives;
import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import io.scyllaboot.driver.testing.fakenode.FakeClusterFixture;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue 32, defect 4: an address translator (and the host names it returns) runs off the I/O event
 * loops, so that a slow DNS look-up during a topology refresh stalls no request.
 */
class AddressResolutionTest {
  private static final int PORT = 19953;

  @RegisterExtension final FakeClusterFixture fixture = new FakeClusterFixture();

  /** Identity, but blocks while armed: a DNS look-up that hangs. Records its threads. */
  private static final class BlockingTranslator implements AddressTranslator {
    final CountDownLatch entered = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);
    final Set<String> threads = ConcurrentHashMap.newKeySet();
    volatile boolean armed;

    @Override
    public InetSocketAddress translate(InetSocketAddress address) {
      threads.add(Thread.currentThread().getName());
      if (armed) {
        entered.countDown();
        try {
          release.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      return address;
    }
  }

  @Test
  void should_serve_requests_while_a_translator_blocks_a_topology_refresh() {
    FakeCluster cluster = fixture.start(new FakeCluster(2, PORT));
    BlockingTranslator translator = new BlockingTranslator();
    CqlSession session =
        fixture.connect(
            CqlSession.builder()
                .withSessionName("dns")
                .withIoThreads(1) // one loop: a translator blocking it would stall every request
                .withAddressTranslator(translator));
    assertThat(session.execute(FakeClusterFixture.SELECT, 1).one()).isNotNull();
    translator.armed = true;
    try {
      cluster
          .node(0)
          .pushEvent(
              out -> {
                Primitives.writeString(out, "TOPOLOGY_CHANGE");
                Primitives.writeString(out, "NEW_NODE");
                Primitives.writeInet(out, cluster.node(1).address());
              });
      await().atMost(Duration.ofSeconds(5)).until(() -> translator.entered.getCount() == 0);
      // The refresh is stuck in the translator; requests still complete.
      List<CompletableFuture<AsyncResultSet>> requests =
          java.util.stream.IntStream.range(0, 10)
              .mapToObj(
                  k -> session.executeAsync(FakeClusterFixture.SELECT, k).toCompletableFuture())
              .toList();
      await()
          .atMost(Duration.ofSeconds(3))
          .until(
              () -> requests.stream().allMatch(r -> r.isDone() && !r.isCompletedExceptionally()));
    } finally {
      translator.release.countDown();
    }
    assertThat(translator.threads).noneMatch(name -> name.startsWith("dns-io"));
  }
}
