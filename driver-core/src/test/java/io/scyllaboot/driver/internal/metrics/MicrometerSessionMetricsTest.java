package io.scyllaboot.driver.internal.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.scyllaboot.driver.api.metrics.DriverMetric;
import io.scyllaboot.driver.internal.metadata.DefaultNode;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/** The per-node meters: added from any thread, removed with their node, all removed at close. */
class MicrometerSessionMetricsTest {
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final MicrometerSessionMetrics metrics =
      new MicrometerSessionMetrics(registry, "s0", false);

  private static DefaultNode node(int i) {
    return new DefaultNode(new InetSocketAddress("127.0." + (i / 250) + "." + (i % 250 + 1), 9042));
  }

  private long nodeGauges() {
    return registry.getMeters().stream()
        .filter(m -> m.getId().getTag(DriverMetric.NODE_TAG) != null)
        .count();
  }

  private boolean hasGaugesOf(DefaultNode node) {
    String tag = node.address().getAddress().getHostAddress() + ":" + node.address().getPort();
    return registry
            .find(DriverMetric.NODE_CONNECTIONS.meterName())
            .tag(DriverMetric.NODE_TAG, tag)
            .gauge()
        != null;
  }

  @Test
  void should_remove_a_node_s_meters_when_it_leaves() {
    DefaultNode leaving = node(1);
    DefaultNode staying = node(2);
    metrics.nodeAdded(leaving);
    metrics.nodeAdded(staying);
    assertThat(nodeGauges()).isEqualTo(4);

    metrics.nodeRemoved(leaving);
    assertThat(hasGaugesOf(leaving)).isFalse();
    assertThat(hasGaugesOf(staying)).isTrue();
    assertThat(nodeGauges()).isEqualTo(2);

    metrics.close();
    assertThat(registry.getMeters()).isEmpty();
  }

  @Test
  void should_remove_every_meter_at_close_when_nodes_were_added_from_many_threads()
      throws Exception {
    int threads = 8;
    int perThread = 200;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CountDownLatch start = new CountDownLatch(1);
    List<CompletableFuture<Void>> adders = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int first = t * perThread;
      adders.add(
          CompletableFuture.runAsync(
              () -> {
                try {
                  start.await();
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                  return;
                }
                for (int i = first; i < first + perThread; i++) {
                  metrics.nodeAdded(node(i));
                }
              },
              pool));
    }
    start.countDown();
    CompletableFuture.allOf(adders.toArray(new CompletableFuture<?>[0])).join();
    pool.shutdown();
    assertThat(nodeGauges()).isEqualTo(2L * threads * perThread);

    metrics.close();
    assertThat(registry.getMeters()).as("meters left after close").isEmpty();
  }
}
