package io.scyllaboot.driver.internal.metrics;

import com.github.benmanes.caffeine.cache.Cache;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;
import io.scyllaboot.driver.api.metrics.DriverMetric;
import io.scyllaboot.driver.internal.metadata.DefaultNode;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

/**
 * Metrics on a Micrometer registry. Timers and counters are resolved once here; only the error
 * counter is looked up per failure (by exception class, in a concurrent map).
 */
public final class MicrometerSessionMetrics implements SessionMetrics {
  private final MeterRegistry registry;
  private final Tags tags;
  private final Timer success;
  private final Timer failure;
  private final Counter retries;
  private final Counter speculativeExecutions;
  private final Counter throttled;
  private final Counter remoteDatacenter;
  private final Counter bytesSent;
  private final Counter bytesReceived;
  private final ConcurrentHashMap<Class<?>, Counter> errors = new ConcurrentHashMap<>();
  // Written from several threads (the session's, the admin loop's on topology changes).
  private final Queue<Meter> meters = new ConcurrentLinkedQueue<>();
  private final ConcurrentHashMap<DefaultNode, List<Meter>> nodeMeters = new ConcurrentHashMap<>();

  /**
   * @param latencyHistograms whether the request timer publishes a percentile histogram (many time
   *     series per session: opt-in)
   */
  public MicrometerSessionMetrics(
      Object meterRegistry, String sessionName, boolean latencyHistograms) {
    this.registry = (MeterRegistry) meterRegistry;
    this.tags = Tags.of(DriverMetric.SESSION_TAG, sessionName);
    this.success = timer("success", latencyHistograms);
    this.failure = timer("error", latencyHistograms);
    this.retries = counter(DriverMetric.RETRIES, "attempts retried by the retry policy");
    this.speculativeExecutions =
        counter(
            DriverMetric.SPECULATIVE_EXECUTIONS,
            "speculative executions started by the speculative execution policy");
    this.throttled = counter(DriverMetric.THROTTLED, "requests refused by the throttler");
    this.remoteDatacenter =
        counter(
            DriverMetric.REMOTE_DC_REQUESTS,
            "requests answered by a node of a remote data center (failover)");
    this.bytesSent = counter(DriverMetric.DATA_SENT, "bytes written to nodes");
    this.bytesReceived = counter(DriverMetric.DATA_RECEIVED, "bytes read from nodes");
  }

  private Timer timer(String outcome, boolean histogram) {
    Timer timer =
        Timer.builder(DriverMetric.REQUESTS.meterName())
            .description("CQL request latency")
            .tags(tags)
            .tag(DriverMetric.OUTCOME_TAG, outcome)
            .publishPercentileHistogram(histogram)
            .register(registry);
    meters.add(timer);
    return timer;
  }

  private Counter counter(DriverMetric metric, String description) {
    Counter counter =
        Counter.builder(metric.meterName())
            .description(description)
            .baseUnit(metric.baseUnit())
            .tags(tags)
            .register(registry);
    meters.add(counter);
    return counter;
  }

  @Override
  public long start() {
    return System.nanoTime();
  }

  @Override
  public void requestSucceeded(long startNanos) {
    success.record(System.nanoTime() - startNanos, TimeUnit.NANOSECONDS);
  }

  @Override
  public void requestFailed(long startNanos, Throwable error) {
    failure.record(System.nanoTime() - startNanos, TimeUnit.NANOSECONDS);
    errors
        .computeIfAbsent(
            error.getClass(),
            type -> {
              Counter counter =
                  Counter.builder(DriverMetric.ERRORS.meterName())
                      .description("failed requests by exception type")
                      .tags(tags)
                      .tag(DriverMetric.ERROR_TYPE_TAG, type.getSimpleName())
                      .register(registry);
              meters.add(counter);
              return counter;
            })
        .increment();
  }

  @Override
  public void retried() {
    retries.increment();
  }

  @Override
  public void speculativeExecution() {
    speculativeExecutions.increment();
  }

  @Override
  public void remoteDatacenterRequest() {
    remoteDatacenter.increment();
  }

  @Override
  public void throttled() {
    throttled.increment();
  }

  /** ip:port; a cloud node's address has its host id instead of an IP. */
  private static String nodeTag(java.net.InetSocketAddress address) {
    java.net.InetAddress ip = address.getAddress();
    return (ip != null ? ip.getHostAddress() : address.getHostString()) + ":" + address.getPort();
  }

  @Override
  public void nodeAdded(DefaultNode node) {
    Tags nodeTags = tags.and(DriverMetric.NODE_TAG, nodeTag(node.address()));
    List<Meter> added =
        List.of(
            Gauge.builder(
                    DriverMetric.NODE_REQUESTS_ACTIVE.meterName(),
                    node,
                    DefaultNode::inFlightRequests)
                .description("requests in flight on the node")
                .tags(nodeTags)
                .register(registry),
            Gauge.builder(
                    DriverMetric.NODE_CONNECTIONS.meterName(), node, DefaultNode::openConnections)
                .description("open connections to the node")
                .baseUnit(DriverMetric.NODE_CONNECTIONS.baseUnit())
                .tags(nodeTags)
                .register(registry));
    List<Meter> previous = nodeMeters.put(node, added);
    if (previous != null) {
      previous.stream().filter(m -> !added.contains(m)).forEach(registry::remove);
    }
  }

  @Override
  public void nodeRemoved(DefaultNode node) {
    List<Meter> removed = nodeMeters.remove(node);
    if (removed != null) {
      removed.forEach(registry::remove);
    }
  }

  @Override
  public void preparedCache(Cache<?, ?> cache) {
    CaffeineCacheMetrics.monitor(registry, cache, DriverMetric.PREPARED_CACHE.meterName(), tags);
  }

  @Override
  public boolean countsTraffic() {
    return true;
  }

  @Override
  public void bytesSent(int bytes) {
    bytesSent.increment(bytes);
  }

  @Override
  public void bytesReceived(int bytes) {
    bytesReceived.increment(bytes);
  }

  @Override
  public void close() {
    Meter meter;
    while ((meter = meters.poll()) != null) {
      registry.remove(meter);
    }
    for (DefaultNode node : nodeMeters.keySet()) {
      nodeRemoved(node);
    }
  }
}
