package io.scyllaboot.spring.repository.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.metrics.RequestInfo;
import io.scyllaboot.driver.api.metrics.RequestListener;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.TestKeyspaceExtension;
import io.scyllaboot.spring.core.DeleteOptions;
import io.scyllaboot.spring.core.InsertOptions;
import io.scyllaboot.spring.core.QueryOptions;
import io.scyllaboot.spring.core.ScyllaTemplate;
import io.scyllaboot.spring.core.UpdateOptions;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.ClusteringColumn;
import io.scyllaboot.spring.mapping.MapId;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.repository.Consistency;
import io.scyllaboot.spring.repository.Query;
import io.scyllaboot.spring.repository.ReactiveScyllaRepository;
import io.scyllaboot.spring.repository.ScyllaRepository;
import io.scyllaboot.spring.repository.support.ReactiveScyllaRepositoryFactory;
import io.scyllaboot.spring.repository.support.ScyllaRepositoryFactory;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.LoggerFactory;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.dao.TransientDataAccessResourceException;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/**
 * {@code QueryOptions} and {@code WriteOptions} as query-method parameters against the real node:
 * never bound to a marker, their consistency and write timestamp applied, derived and
 * {@code @Query} methods, blocking and reactive repositories; what Spring Data Cassandra 5.0 does
 * with a TTL (nothing), a derived delete's conditions (applied) and {@code @Consistency}.
 */
@ExtendWith(CassandraNodeExtension.class)
class QueryMethodOptionsIT {
  @RegisterExtension
  static final TestKeyspaceExtension keyspace =
      new TestKeyspaceExtension(
          "query_opts", "reading (sensor text, at int, value double, PRIMARY KEY (sensor, at))");

  private static final QueryOptions THREE =
      QueryOptions.builder().consistencyLevel(ConsistencyLevel.THREE).build();
  private static final QueryOptions ONE =
      QueryOptions.builder().consistencyLevel(ConsistencyLevel.ONE).pageSize(1).build();

  private static CqlSession session;
  private static ReadingRepository readings;
  private static ReactiveReadingRepository reactive;

  @Table("reading")
  record Reading(@PartitionKey String sensor, @ClusteringColumn int at, double value) {}

  interface ReadingRepository extends ScyllaRepository<Reading, MapId> {
    List<Reading> findBySensor(String sensor, QueryOptions options);

    long countBySensor(String sensor, QueryOptions options);

    @Query("SELECT * FROM reading WHERE sensor = ?0")
    List<Reading> bySensor(String sensor, QueryOptions options);

    @Query("UPDATE reading SET value = ?1 WHERE sensor = ?0 AND at = ?2")
    void setValue(String sensor, double value, int at, UpdateOptions options);

    void deleteBySensorAndAt(String sensor, int at, DeleteOptions options);

    boolean deleteByAtAndSensor(int at, String sensor, DeleteOptions options);

    @Query("INSERT INTO reading (sensor, at, value) VALUES (?0, ?1, ?2)")
    void add(String sensor, int at, double value, InsertOptions options);

    @Consistency(ConsistencyLevel.ONE)
    List<Reading> findBySensorAndAtGreaterThan(String sensor, int at, QueryOptions options);

    @Consistency(ConsistencyLevel.ONE)
    @Query("SELECT * FROM reading WHERE sensor = ?0 AND at > ?1")
    List<Reading> after(String sensor, int at, QueryOptions options);
  }

  interface ReactiveReadingRepository extends ReactiveScyllaRepository<Reading, MapId> {
    Flux<Reading> findBySensor(String sensor, QueryOptions options);

    @Query("UPDATE reading SET value = ?1 WHERE sensor = ?0 AND at = ?2")
    Mono<Void> setValue(String sensor, double value, int at, UpdateOptions options);

    Mono<Boolean> deleteByAtAndSensor(int at, String sensor, DeleteOptions options);
  }

  @BeforeAll
  static void repositories() {
    session = keyspace.session();
    ScyllaEntityConverter converter = new ScyllaEntityConverter(new ScyllaMappingContext());
    readings =
        new ScyllaRepositoryFactory(new ScyllaTemplate(session, converter), null)
            .getRepository(ReadingRepository.class);
    reactive =
        new ReactiveScyllaRepositoryFactory(
                session, new ScyllaExceptionTranslator(), converter, null)
            .getRepository(ReactiveReadingRepository.class);
  }

  @BeforeEach
  void rows() {
    session.execute("DELETE FROM reading WHERE sensor = 'a'");
    for (int at = 1; at <= 3; at++) {
      session.execute("INSERT INTO reading (sensor, at, value) VALUES ('a', ?, 1.0)", at);
    }
  }

  private static long writeTime(int at) {
    return session
        .execute("SELECT WRITETIME(value) FROM reading WHERE sensor = 'a' AND at = ?", at)
        .one()
        .getLong(0);
  }

  @Test
  void query_options_are_not_bound_and_set_the_consistency() {
    // Page size 1: the three rows still come, page by page.
    assertThat(readings.findBySensor("a", ONE)).extracting(Reading::at).containsExactly(1, 2, 3);
    assertThat(readings.bySensor("a", ONE)).hasSize(3);
    assertThat(readings.countBySensor("a", ONE)).isEqualTo(3);
    assertThat(readings.findBySensor("a", null)).hasSize(3);

    // One node cannot answer at THREE: the options reached the statement.
    assertThatThrownBy(() -> readings.findBySensor("a", THREE))
        .isInstanceOf(TransientDataAccessResourceException.class);
    assertThatThrownBy(() -> readings.bySensor("a", THREE))
        .isInstanceOf(TransientDataAccessResourceException.class);
  }

  @Test
  void write_options_set_the_timestamp_of_query_and_derived_writes() {
    long written = writeTime(1);
    readings.setValue("a", 5.0, 1, UpdateOptions.builder().timestamp(written + 10).build());
    assertThat(writeTime(1)).isEqualTo(written + 10);

    // A delete older than the row's write leaves it; a newer one deletes it.
    readings.deleteBySensorAndAt("a", 2, DeleteOptions.builder().timestamp(1L).build());
    assertThat(readings.findBySensor("a", null)).extracting(Reading::at).contains(2);
    readings.deleteBySensorAndAt(
        "a", 2, DeleteOptions.builder().timestamp(writeTime(2) + 1).build());
    assertThat(readings.findBySensor("a", null)).extracting(Reading::at).containsExactly(1, 3);
  }

  private static Integer ttl(int at) {
    Row row =
        session.execute("SELECT TTL(value) FROM reading WHERE sensor = 'a' AND at = ?", at).one();
    return row.isNull(0) ? null : row.getInt(0);
  }

  @Test
  void a_ttl_is_not_applied_to_query_methods_as_in_spring_data_cassandra() {
    // Spring Data Cassandra applies a query method's options through addQueryOptions only: a
    // @Query write keeps the CQL as written (no USING TTL), and a DELETE has no TTL in CQL.
    Logger logger = (Logger) LoggerFactory.getLogger(QueryRunner.class);
    ListAppender<ILoggingEvent> appender = new ListAppender<>();
    appender.start();
    logger.addAppender(appender);
    try {
      readings.setValue("a", 2.0, 1, UpdateOptions.builder().ttl(Duration.ofMinutes(1)).build());
      readings.setValue("a", 2.0, 1, UpdateOptions.builder().ttl(Duration.ofMinutes(1)).build());
      readings.add("a", 9, 3.0, InsertOptions.builder().ttl(Duration.ofMinutes(1)).build());
    } finally {
      logger.detachAppender(appender);
    }
    // Not silently: one WARN per method (not per call) naming the method and what is left out.
    assertThat(appender.list)
        .hasSize(2)
        .allSatisfy(event -> assertThat(event.getLevel()).isEqualTo(Level.WARN))
        .allSatisfy(event -> assertThat(event.getFormattedMessage()).contains("TTL"))
        .anySatisfy(event -> assertThat(event.getFormattedMessage()).contains("setValue"))
        .anySatisfy(event -> assertThat(event.getFormattedMessage()).contains(".add"));
    assertThat(ttl(1)).isNull();
    assertThat(ttl(9)).isNull();
    assertThat(readings.findBySensor("a", null))
        .extracting(Reading::at, Reading::value)
        .contains(tuple(1, 2.0), tuple(9, 3.0));
    readings.deleteBySensorAndAt(
        "a", 9, DeleteOptions.builder().ttl(Duration.ofMinutes(1)).build());
    assertThat(readings.findBySensor("a", null)).extracting(Reading::at).containsExactly(1, 2, 3);
  }

  @Test
  void a_derived_delete_applies_if_exists_and_if_conditions_of_its_delete_options() {
    DeleteOptions ifExists = DeleteOptions.builder().ifExists(true).build();
    assertThat(readings.deleteByAtAndSensor(7, "a", ifExists)).isFalse();
    assertThat(readings.deleteByAtAndSensor(1, "a", ifExists)).isTrue();

    // The condition's value is bound, never written into the CQL.
    DeleteOptions otherValue = DeleteOptions.builder().ifCondition("value = ?", 2.0).build();
    assertThat(readings.deleteByAtAndSensor(2, "a", otherValue)).isFalse();
    assertThat(readings.findBySensor("a", null)).extracting(Reading::at).containsExactly(2, 3);
    DeleteOptions sameValue = DeleteOptions.builder().ifCondition("value = ?", 1.0).build();
    assertThat(readings.deleteByAtAndSensor(2, "a", sameValue)).isTrue();
    assertThat(readings.findBySensor("a", null)).extracting(Reading::at).containsExactly(3);
  }

  @Test
  void consistency_annotations_win_in_derived_queries_and_options_in_declared_ones() {
    // As Spring Data Cassandra: a derived query sets @Consistency over the options', a @Query
    // applies the options over the annotation.
    assertThat(readings.findBySensorAndAtGreaterThan("a", 1, THREE)).hasSize(2);
    assertThatThrownBy(() -> readings.after("a", 1, THREE))
        .isInstanceOf(TransientDataAccessResourceException.class);
    assertThat(readings.after("a", 1, null)).hasSize(2);
  }

  @Test
  void reactive_query_methods_apply_the_options_too() {
    StepVerifier.create(reactive.findBySensor("a", ONE).map(Reading::at))
        .expectNext(1, 2, 3)
        .verifyComplete();
    StepVerifier.create(reactive.findBySensor("a", THREE))
        .expectError(TransientDataAccessResourceException.class)
        .verify();
    long written = writeTime(3);
    StepVerifier.create(
            reactive.setValue("a", 7.0, 3, UpdateOptions.builder().timestamp(written + 5).build()))
        .verifyComplete();
    assertThat(writeTime(3)).isEqualTo(written + 5);
    DeleteOptions ifExists = DeleteOptions.builder().ifExists(true).build();
    StepVerifier.create(reactive.deleteByAtAndSensor(8, "a", ifExists))
        .expectNext(false)
        .verifyComplete();
    StepVerifier.create(reactive.deleteByAtAndSensor(3, "a", ifExists))
        .expectNext(true)
        .verifyComplete();
  }

  /** Counts the requests whose CQL reads the table, pages included. */
  private static final class ReadingReads implements RequestListener {
    final AtomicInteger count = new AtomicInteger();

    @Override
    public @Nullable Object onStart(RequestInfo request) {
      if (request.query().startsWith("SELECT") && request.query().contains("reading")) {
        count.incrementAndGet();
      }
      return null;
    }

    @Override
    public void onSuccess(RequestInfo request, @Nullable Object context) {}

    @Override
    public void onError(RequestInfo request, @Nullable Object context, Throwable error) {}
  }

  @Test
  void page_size_timeout_and_tracing_of_query_options_reach_the_statement() {
    ReadingReads reads = new ReadingReads();
    try (CqlSession counted =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withKeyspace(keyspace.name())
            .addRequestListener(reads)
            .build()) {
      ReadingRepository repository =
          new ScyllaRepositoryFactory(
                  new ScyllaTemplate(
                      counted, new ScyllaEntityConverter(new ScyllaMappingContext())),
                  null)
              .getRepository(ReadingRepository.class);

      // Page size: three rows in one request by default, page by page with a page size of 1.
      assertThat(repository.findBySensor("a", null)).hasSize(3);
      assertThat(reads.count.getAndSet(0)).isEqualTo(1);
      assertThat(repository.findBySensor("a", ONE)).hasSize(3);
      assertThat(reads.count.get()).isGreaterThanOrEqualTo(3);

      // Timeout: a nanosecond is over before any node can answer.
      QueryOptions instant = QueryOptions.builder().timeout(Duration.ofNanos(1)).build();
      assertThatThrownBy(() -> repository.findBySensor("a", instant))
          .isInstanceOf(QueryTimeoutException.class);
      assertThat(repository.findBySensor("a", null)).hasSize(3);
    }

    // Tracing: the node records a trace session for the traced call.
    long before = tracedReadingQueries();
    assertThat(readings.bySensor("a", QueryOptions.builder().tracing(true).build())).hasSize(3);
    await("the node's trace of the traced query")
        .atMost(Duration.ofSeconds(30))
        .until(() -> tracedReadingQueries() > before);
  }

  /** Trace sessions of the node whose query is the declared query of {@code bySensor}. */
  private static long tracedReadingQueries() {
    long count = 0;
    for (Row row : session.execute("SELECT parameters FROM system_traces.sessions")) {
      String query = row.getMap(0, String.class, String.class).get("query");
      if ("SELECT * FROM reading WHERE sensor = ?".equals(query)) {
        count++;
      }
    }
    return count;
  }
}
