package io.scyllaboot.autoconfigure.observation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.scyllaboot.autoconfigure.ScyllaAutoConfiguration;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.CqlSessionBuilder;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.error.InvalidQueryException;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.cql.AsyncCqlTemplate;
import io.scyllaboot.spring.reactive.cql.ReactiveCqlTemplate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import reactor.core.scheduler.Schedulers;

/** One observation per request against the real node, named and keyed by OTel's conventions. */
@ExtendWith(CassandraNodeExtension.class)
class ScyllaObservationIT {
  private static final String KEYSPACE = CassandraNode.uniqueKeyspace("observed");
  private static final String INSERT = "INSERT INTO " + KEYSPACE + ".kv (k, v) VALUES (?, ?)";
  private static final String SELECT = "SELECT v FROM " + KEYSPACE + ".kv WHERE k = ?";

  private final TestObservationRegistry registry = TestObservationRegistry.create();

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  ScyllaAutoConfiguration.class, ScyllaObservationAutoConfiguration.class))
          .withBean(ObservationRegistry.class, () -> registry)
          .withPropertyValues(
              "scylla.contact-points=" + CassandraNode.HOST + ":" + CassandraNode.PORT,
              "scylla.request.timeout=20s");

  /** DDL on a loaded machine can take longer than the default 2 s. */
  private static CqlSession admin() {
    return CqlSession.builder()
        .addContactPoint(CassandraNode.address())
        .withRequestTimeout(Duration.ofSeconds(30))
        .build();
  }

  @BeforeAll
  static void createTable() {
    try (CqlSession admin = admin()) {
      admin.execute(
          "CREATE KEYSPACE IF NOT EXISTS "
              + KEYSPACE
              + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
      admin.execute("CREATE TABLE IF NOT EXISTS " + KEYSPACE + ".kv (k int PRIMARY KEY, v text)");
      admin.execute(
          "CREATE TABLE IF NOT EXISTS "
              + KEYSPACE
              + ".paged (p int, c int, v text, PRIMARY KEY (p, c))");
    }
  }

  @AfterAll
  static void dropKeyspace() {
    try (CqlSession admin = admin()) {
      admin.execute("DROP KEYSPACE IF EXISTS " + KEYSPACE);
    }
  }

  /** The observations of the session's requests, by query text. */
  private Map<String, ScyllaObservationContext> observed() {
    Map<String, ScyllaObservationContext>[] byQuery = new Map[1];
    assertThat(registry)
        .hasHandledContextsThatSatisfy(
            contexts ->
                byQuery[0] =
                    contexts.stream()
                        .filter(ScyllaObservationContext.class::isInstance)
                        .map(ScyllaObservationContext.class::cast)
                        .collect(
                            Collectors.toMap(
                                ScyllaObservationContext::getQuery, c -> c, (a, b) -> b)));
    return byQuery[0];
  }

  private static String low(Observation.Context context, String key) {
    KeyValue value = context.getLowCardinalityKeyValue(key);
    return value == null ? null : value.getValue();
  }

  private static String high(Observation.Context context, String key) {
    KeyValue value = context.getHighCardinalityKeyValue(key);
    return value == null ? null : value.getValue();
  }

  @Test
  void should_observe_each_request_with_low_and_high_cardinality_key_values() {
    runner
        .withPropertyValues("scylla.observations.enabled=true")
        .run(
            context -> {
              CqlSession session = context.getBean(CqlSession.class);
              session.execute(INSERT, 1, "secret-value").close();
              session.execute(SELECT, 1).close();
              assertThatThrownBy(() -> session.execute("SELECT nope FROM " + KEYSPACE + ".kv"))
                  .isInstanceOf(InvalidQueryException.class);

              Map<String, ScyllaObservationContext> observed = observed();
              ScyllaObservationContext insert = observed.get(INSERT);
              assertThat(insert.getName()).isEqualTo("scylla.query");
              assertThat(insert.getContextualName()).isEqualTo("INSERT " + KEYSPACE + ".kv");
              assertThat(low(insert, "db.system.name")).isEqualTo("cassandra");
              assertThat(low(insert, "db.namespace")).isEqualTo(KEYSPACE);
              assertThat(low(insert, "db.operation.name")).isEqualTo("INSERT");
              assertThat(low(insert, "db.collection.name")).isEqualTo(KEYSPACE + ".kv");
              assertThat(low(insert, "error.type")).isEqualTo(KeyValue.NONE_VALUE);
              assertThat(low(insert, "outcome")).isNull();
              // The CQL text only when asked for (should_carry_the_query_text_when_asked).
              assertThat(high(insert, "db.query.text")).isNull();
              assertThat(high(insert, "server.address")).isEqualTo(CassandraNode.HOST);
              assertThat(high(insert, "server.port")).isEqualTo(String.valueOf(CassandraNode.PORT));
              assertThat(insert.getRemoteServiceName()).isEqualTo("cassandra");
              assertThat(insert.getAttempts()).isEqualTo(1);
              assertThat(insert.getError()).isNull();
              assertThat(insert.getAllKeyValues().stream().map(KeyValue::getValue))
                  .doesNotContain("secret-value");

              assertThat(low(observed.get(SELECT), "db.operation.name")).isEqualTo("SELECT");
              assertThat(observed.get(SELECT).getContextualName())
                  .isEqualTo("SELECT " + KEYSPACE + ".kv");

              ScyllaObservationContext failed =
                  observed.get("SELECT nope FROM " + KEYSPACE + ".kv");
              assertThat(failed.getError()).isInstanceOf(InvalidQueryException.class);
              assertThat(low(failed, "error.type"))
                  .isEqualTo(InvalidQueryException.class.getName());
              // No keyspace on the session and none in a simple statement's metadata.
              assertThat(low(failed, "db.namespace")).isEqualTo(KeyValue.NONE_VALUE);
            });
    // Exactly the three requests (the registry also checks that each was started, then stopped).
    assertThat(registry).hasNumberOfObservationsWithNameEqualTo("scylla.query", 3);
  }

  @Test
  void should_carry_the_query_text_when_asked() {
    runner
        .withPropertyValues(
            "scylla.observations.enabled=true", "scylla.observations.query-text=true")
        .run(context -> context.getBean(CqlSession.class).execute(SELECT, 4).close());
    assertThat(registry)
        .hasObservationWithNameEqualTo("scylla.query")
        .that()
        .hasHighCardinalityKeyValue("db.query.text", SELECT);
  }

  @Test
  void async_and_reactive_requests_started_inside_an_observation_are_its_children() {
    // Texts no other test prepares: the async request starts where its PREPARE completes.
    String asyncQuery = "SELECT v FROM " + KEYSPACE + ".kv WHERE k = ? LIMIT 1";
    String reactiveQuery = "SELECT v FROM " + KEYSPACE + ".kv WHERE k = ? LIMIT 2";
    runner
        .withPropertyValues("scylla.observations.enabled=true")
        .run(
            context -> {
              CqlSession session = context.getBean(CqlSession.class);
              session.execute(INSERT, 5, "five").close();
              AsyncCqlTemplate async = new AsyncCqlTemplate(session);
              ReactiveCqlTemplate reactive = new ReactiveCqlTemplate(session);

              Observation checkout = Observation.start("checkout", registry);
              CompletableFuture<String> asyncValue;
              String reactiveValue;
              try (Observation.Scope scope = checkout.openScope()) {
                asyncValue = async.queryForObject(asyncQuery, String.class, 5);
                // Subscribed on another thread: only the Reactor context carries the observation.
                reactiveValue =
                    reactive
                        .queryForObject(reactiveQuery, String.class, 5)
                        .subscribeOn(Schedulers.boundedElastic())
                        .contextCapture()
                        .block(Duration.ofSeconds(30));
              }
              assertThat(asyncValue.get(30, TimeUnit.SECONDS)).isEqualTo("five");
              assertThat(reactiveValue).isEqualTo("five");
              checkout.stop();

              Map<String, ScyllaObservationContext> observed = observed();
              assertThat(observed.get(asyncQuery).getParentObservation()).isSameAs(checkout);
              assertThat(observed.get(reactiveQuery).getParentObservation()).isSameAs(checkout);
              // Outside the observation, a request has no parent.
              session.execute(SELECT, 5).close();
              assertThat(observed().get(SELECT).getParentObservation()).isNull();
            });
  }

  @Test
  void every_page_of_a_reactive_query_started_inside_an_observation_is_its_child() {
    String pagedQuery = "SELECT v FROM " + KEYSPACE + ".paged WHERE p = 1";
    runner
        .withPropertyValues("scylla.observations.enabled=true")
        .run(
            context -> {
              CqlSession session = context.getBean(CqlSession.class);
              for (int c = 0; c < 5; c++) {
                session
                    .execute(
                        "INSERT INTO " + KEYSPACE + ".paged (p, c, v) VALUES (1, ?, ?)", c, "v")
                    .close();
              }
              ReactiveCqlTemplate reactive = new ReactiveCqlTemplate(session);

              Observation listing = Observation.start("listing", registry);
              List<String> values;
              try (Observation.Scope scope = listing.openScope()) {
                // Two rows a page, one row requested at a time: pages 2 and 3 are fetched from
                // the drain loop, on a driver or a scheduler thread, never the observation's.
                values =
                    reactive
                        .queryForRows(SimpleStatement.of(pagedQuery).withPageSize(2))
                        .limitRate(1)
                        .map(row -> row.getString(0))
                        .subscribeOn(Schedulers.boundedElastic())
                        .contextCapture()
                        .collectList()
                        .block(Duration.ofSeconds(30));
              }
              listing.stop();
              assertThat(values).hasSize(5);

              List<ScyllaObservationContext> pages = new ArrayList<>();
              assertThat(registry)
                  .hasHandledContextsThatSatisfy(
                      contexts ->
                          contexts.stream()
                              .filter(ScyllaObservationContext.class::isInstance)
                              .map(ScyllaObservationContext.class::cast)
                              .filter(observed -> pagedQuery.equals(observed.getQuery()))
                              .forEach(pages::add));
              assertThat(pages).hasSizeGreaterThanOrEqualTo(3);
              assertThat(pages)
                  .allSatisfy(page -> assertThat(page.getParentObservation()).isSameAs(listing));
            });
  }

  @Test
  void should_use_the_application_convention() {
    ScyllaObservationConvention custom =
        new ScyllaObservationConvention() {
          @Override
          public String getName() {
            return "shop.cql";
          }

          @Override
          public KeyValues getLowCardinalityKeyValues(ScyllaObservationContext context) {
            return KeyValues.of("team", "orders");
          }
        };
    runner
        .withPropertyValues("scylla.observations.enabled=true")
        .withBean(ScyllaObservationConvention.class, () -> custom)
        .run(context -> context.getBean(CqlSession.class).execute(SELECT, 2).close());
    assertThat(registry)
        .hasObservationWithNameEqualTo("shop.cql")
        .that()
        .hasLowCardinalityKeyValue("team", "orders")
        .doesNotHaveLowCardinalityKeyValueWithKey("db.operation.name");
  }

  @Test
  void should_observe_nothing_unless_enabled() {
    runner.run(
        context -> {
          assertThat(context.getBean(CqlSessionBuilder.class).toString())
              .contains("requestListeners=0");
          context.getBean(CqlSession.class).execute(SELECT, 3).close();
        });
    assertThat(registry).doesNotHaveAnyObservation();
  }
}
