package io.scyllaboot.driver.api.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.CqlSessionBuilder;
import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import io.scyllaboot.driver.testing.fakenode.FakeCluster.Behaviour;
import io.scyllaboot.driver.testing.fakenode.FakeClusterFixture;
import io.scyllaboot.driver.testing.fakenode.FakeResponses;
import java.time.Duration;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The meters a session really registers, listed from a registry after a success and a failure:
 * names, tags and base units follow Micrometer's conventions, and histograms are opt-in.
 */
class DriverMetricNamesTest {
  private static final int PORT = 19542;
  private static final String SELECT = FakeClusterFixture.SELECT;
  private static final Pattern CONVENTION = Pattern.compile("[a-z]+(\\.[a-z]+)*");

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

  /** Whether each request timer asked for a percentile histogram, as a registry sees it. */
  private final Map<String, Boolean> histogramByTimer = new ConcurrentHashMap<>();

  {
    registry
        .config()
        .meterFilter(
            new MeterFilter() {
              @Override
              public DistributionStatisticConfig configure(
                  Meter.Id id, DistributionStatisticConfig config) {
                if (id.getType() == Meter.Type.TIMER) {
                  histogramByTimer.put(
                      id.getTag("outcome"), Boolean.TRUE.equals(config.isPercentileHistogram()));
                }
                return config;
              }
            });
  }

  @RegisterExtension final FakeClusterFixture fixture = new FakeClusterFixture();
  private FakeCluster cluster;
  private CqlSession session;

  private void run(UnaryOperator<CqlSessionBuilder> options) {
    cluster = fixture.start(new FakeCluster(1, PORT));
    cluster.behave("BAD CQL", Behaviour.error(FakeResponses.error(0x2000, "no viable input")));
    session =
        fixture.open(
            options.apply(
                CqlSession.builder()
                    .withRequestTimeout(Duration.ofSeconds(2))
                    .withSessionName("orders")
                    .withMeterRegistry(registry)));
    session.execute(SELECT, 1).close();
    session.executeAsync("BAD CQL").toCompletableFuture().exceptionally(e -> null).join();
  }

  /** "name{tag=value,...} unit" for every meter, sorted. */
  private TreeSet<String> meters() {
    return registry.getMeters().stream()
        .map(
            meter ->
                meter.getId().getName()
                    + meter.getId().getTags().stream()
                        .map(tag -> tag.getKey() + "=" + tag.getValue())
                        .collect(Collectors.joining(",", "{", "}"))
                    + " "
                    + meter.getId().getBaseUnit())
        .collect(Collectors.toCollection(TreeSet::new));
  }

  @Test
  void should_register_meters_named_by_micrometer_conventions() {
    run(builder -> builder);
    String node = "node=127.0.0.1:" + PORT;
    assertThat(meters())
        .contains(
            "scylla.requests{outcome=success,session=orders} seconds",
            "scylla.requests{outcome=error,session=orders} seconds",
            "scylla.errors{error.type=SyntaxErrorException,session=orders} null",
            "scylla.retries{session=orders} null",
            "scylla.requests.throttled{session=orders} null",
            "scylla.data.sent{session=orders} bytes",
            "scylla.data.received{session=orders} bytes",
            "scylla.nodes.requests.active{" + node + ",session=orders} null",
            "scylla.nodes.connections{" + node + ",session=orders} connections",
            "cache.size{cache=scylla.prepared.statements,session=orders} null",
            "cache.gets{cache=scylla.prepared.statements,result=hit,session=orders} null",
            "cache.evictions{cache=scylla.prepared.statements,session=orders} null");
    for (Meter meter : registry.getMeters()) {
      assertThat(meter.getId().getName()).matches(CONVENTION);
      meter.getId().getTags().forEach(tag -> assertThat(tag.getKey()).matches(CONVENTION));
    }
    for (DriverMetric metric : DriverMetric.values()) {
      assertThat(metric.meterName()).matches(CONVENTION);
    }
  }

  @Test
  void should_publish_latency_histograms_only_when_asked() {
    run(builder -> builder);
    assertThat(histogramByTimer).containsEntry("success", false).containsEntry("error", false);
    session.close();
    cluster.close();

    run(builder -> builder.withLatencyHistograms(true));
    assertThat(histogramByTimer).containsEntry("success", true).containsEntry("error", true);
  }

  @Test
  void should_remove_the_session_meters_when_it_closes() {
    run(builder -> builder);
    session.close();
    assertThat(registry.find("scylla.requests").meters()).isEmpty();
    assertThat(registry.find("scylla.nodes.connections").meters()).isEmpty();
  }
}
