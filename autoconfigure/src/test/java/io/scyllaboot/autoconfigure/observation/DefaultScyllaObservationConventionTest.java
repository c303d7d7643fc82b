package io.scyllaboot.autoconfigure.observation;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.common.KeyValue;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.scyllaboot.driver.api.error.DriverTimeoutException;
import io.scyllaboot.driver.api.metrics.RequestInfo;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/** Names and keys by OpenTelemetry's database conventions, without a node. */
class DefaultScyllaObservationConventionTest {
  private final DefaultScyllaObservationConvention convention =
      new DefaultScyllaObservationConvention();

  private record FixedRequestInfo(String query) implements RequestInfo {
    @Override
    public @Nullable String keyspace() {
      return "shop";
    }

    @Override
    public @Nullable InetSocketAddress node() {
      return null;
    }

    @Override
    public int attempts() {
      return 0;
    }

    @Override
    public boolean scylla() {
      return false;
    }
  }

  private static String low(
      DefaultScyllaObservationConvention convention, ScyllaObservationContext context, String key) {
    return convention.getLowCardinalityKeyValues(context).stream()
        .filter(value -> value.getKey().equals(key))
        .map(KeyValue::getValue)
        .findFirst()
        .orElse(null);
  }

  @Test
  void the_span_is_named_by_operation_and_table_as_the_cql_writes_it() {
    assertThat(name("SELECT v FROM sensors WHERE k = ?")).isEqualTo("SELECT sensors");
    assertThat(name("select count(*) from shop.\"Orders\"")).isEqualTo("SELECT shop.\"Orders\"");
    assertThat(name("  insert into shop.orders (id) values (?)")).isEqualTo("INSERT shop.orders");
    assertThat(name("UPDATE orders USING TTL 5 SET v = ? WHERE k = ?")).isEqualTo("UPDATE orders");
    assertThat(name("DELETE v FROM orders WHERE k = ?")).isEqualTo("DELETE orders");
    assertThat(name("TRUNCATE TABLE orders")).isEqualTo("TRUNCATE orders");
    assertThat(name("SELECT \"from\" FROM t")).isEqualTo("SELECT t");
  }

  @Test
  void without_a_table_the_operation_names_the_span_then_the_system() {
    assertThat(name("CREATE KEYSPACE ks WITH replication = {}")).isEqualTo("CREATE");
    assertThat(name("INSERT INTO a (k) VALUES (?); INSERT INTO b (k) VALUES (?)"))
        .isEqualTo("BATCH");
    assertThat(name("   ")).isEqualTo("cassandra");
  }

  @Test
  void low_cardinality_keys_are_always_the_same_set() {
    ScyllaObservationContext ok = new ScyllaObservationContext("SELECT v FROM t", "shop");
    ScyllaObservationContext failed = new ScyllaObservationContext("SELECT v FROM t", null);
    failed.setError(new DriverTimeoutException("late"));

    assertThat(convention.getLowCardinalityKeyValues(ok).stream().map(KeyValue::getKey))
        .containsExactlyInAnyOrder(
            "db.system.name",
            "db.namespace",
            "db.operation.name",
            "db.collection.name",
            "error.type")
        .containsExactlyInAnyOrderElementsOf(
            convention.getLowCardinalityKeyValues(failed).stream().map(KeyValue::getKey).toList());
    assertThat(low(convention, ok, "error.type")).isEqualTo(KeyValue.NONE_VALUE);
    assertThat(low(convention, failed, "error.type"))
        .isEqualTo(DriverTimeoutException.class.getName());
    assertThat(low(convention, failed, "db.namespace")).isEqualTo(KeyValue.NONE_VALUE);
    assertThat(low(convention, ok, "db.collection.name")).isEqualTo("t");
  }

  @Test
  void the_query_text_is_a_high_cardinality_key_only_when_asked_for() {
    ScyllaObservationContext context = new ScyllaObservationContext("SELECT v FROM t", "shop");
    assertThat(convention.getHighCardinalityKeyValues(context)).isEmpty();
    assertThat(
            new DefaultScyllaObservationConvention(true)
                .getHighCardinalityKeyValues(context).stream().map(KeyValue::getValue))
        .containsExactly("SELECT v FROM t");
  }

  @Test
  void a_registry_without_handlers_costs_no_observation() {
    ObservationRegistry noHandler = ObservationRegistry.create();
    assertThat(noHandler.isNoop()).isTrue();
    ObservationRequestListener listener = new ObservationRequestListener(noHandler, null);
    assertThat(listener.onStart(new FixedRequestInfo("SELECT v FROM t"))).isNull();
    Function<String, String> continuation = value -> value;
    assertThat(listener.onDeferredStart(continuation)).isSameAs(continuation);
  }

  @Test
  void a_deferred_start_runs_in_the_callers_observation() {
    TestObservationRegistry registry = TestObservationRegistry.create();
    ObservationRequestListener listener = new ObservationRequestListener(registry, null);
    Observation caller = Observation.start("caller", registry);
    Function<String, Object> deferred;
    try (Observation.Scope scope = caller.openScope()) {
      deferred = listener.onDeferredStart(query -> listener.onStart(new FixedRequestInfo(query)));
    }
    // Run outside the caller's scope, as on the thread where a PREPARE completes.
    Observation request = (Observation) deferred.apply("SELECT v FROM t");
    assertThat(request.getContext().getParentObservation()).isSameAs(caller);
    assertThat(registry.getCurrentObservation()).isNull();
    listener.onSuccess(new FixedRequestInfo("SELECT v FROM t"), request);
    caller.stop();
    assertThat(List.of(request.getContext().getContextualName())).containsExactly("SELECT t");
  }

  private String name(String query) {
    return convention.getContextualName(new ScyllaObservationContext(query, "shop"));
  }
}
