package io.scyllaboot.spring.repository.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.TestKeyspaceExtension;
import io.scyllaboot.spring.core.DeleteOptions;
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
import io.scyllaboot.spring.repository.Query;
import io.scyllaboot.spring.repository.ReactiveScyllaRepository;
import io.scyllaboot.spring.repository.ScyllaRepository;
import io.scyllaboot.spring.repository.support.ReactiveScyllaRepositoryFactory;
import io.scyllaboot.spring.repository.support.ScyllaRepositoryFactory;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.dao.TransientDataAccessResourceException;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/**
 * {@code QueryOptions} and {@code WriteOptions} as query-method parameters against the real node:
 * never bound to a marker, their consistency and write timestamp applied, derived and
 * {@code @Query} methods, blocking and reactive repositories.
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
  }

  interface ReactiveReadingRepository extends ReactiveScyllaRepository<Reading, MapId> {
    Flux<Reading> findBySensor(String sensor, QueryOptions options);

    @Query("UPDATE reading SET value = ?1 WHERE sensor = ?0 AND at = ?2")
    Mono<Void> setValue(String sensor, double value, int at, UpdateOptions options);
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

  @Test
  void a_ttl_is_refused_with_an_error_saying_where_it_belongs() {
    UpdateOptions ttl = UpdateOptions.builder().ttl(Duration.ofMinutes(1)).build();
    assertThatThrownBy(() -> readings.setValue("a", 2.0, 1, ttl))
        .hasMessageContaining("USING TTL ?")
        .hasMessageContaining("setValue");
    assertThat(readings.findBySensor("a", null)).extracting(Reading::value).containsOnly(1.0);
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
  }
}
