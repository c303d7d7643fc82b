package io.scyllaboot.spring.cql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.PreparedCacheStats;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.dao.EmptyResultDataAccessException;
import org.springframework.dao.IncorrectResultSizeDataAccessException;

/** The templates' result-size checks and error translation, against the real node. */
@ExtendWith(CassandraNodeExtension.class)
class CqlTemplateIT {
  private static final String KEYSPACE = CassandraNode.uniqueKeyspace("tmpl");
  private static CqlSession session;
  private static CqlTemplate template;
  private static AsyncCqlTemplate async;

  @BeforeAll
  static void connect() {
    CassandraNode.ensureRunning();
    session =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withRequestTimeout(Duration.ofSeconds(30))
            .build();
    session.execute(
        "CREATE KEYSPACE "
            + KEYSPACE
            + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    session.execute("CREATE TABLE " + KEYSPACE + ".t (k int, c int, PRIMARY KEY (k, c))");
    session.execute("INSERT INTO " + KEYSPACE + ".t (k, c) VALUES (1, 1)");
    session.execute("INSERT INTO " + KEYSPACE + ".t (k, c) VALUES (1, 2)");
    template = new CqlTemplate(session);
    async = new AsyncCqlTemplate(session);
  }

  @AfterAll
  static void close() {
    if (session != null) {
      session.execute("DROP KEYSPACE IF EXISTS " + KEYSPACE);
      session.close();
    }
  }

  private static Throwable failure(java.util.concurrent.CompletableFuture<?> future) {
    try {
      future.get(30, TimeUnit.SECONDS);
    } catch (java.util.concurrent.ExecutionException e) {
      return e.getCause();
    } catch (Exception e) {
      throw new AssertionError(e);
    }
    throw new AssertionError("the future completed normally");
  }

  @Test
  void should_convert_a_single_column_to_the_required_type_as_spring_data_cassandra_does() {
    String count = "SELECT COUNT(*) FROM " + KEYSPACE + ".t WHERE k = 1";
    // COUNT(*) is a bigint: Integer.class converts, as Spring Data Cassandra's conversion service.
    assertThat(template.queryForObject(count, Integer.class)).isEqualTo(2);
    assertThat(template.queryForObject(count, Long.class)).isEqualTo(2L);
    assertThat(template.queryForObject(count, String.class)).isEqualTo("2");
    assertThat(template.queryForList("SELECT c FROM " + KEYSPACE + ".t WHERE k = 1", Long.class))
        .containsExactly(1L, 2L);
    java.util.UUID id =
        template.queryForObject("SELECT uuid() FROM system.local", java.util.UUID.class);
    assertThat(id).isNotNull();
    String text = template.queryForObject("SELECT uuid() FROM system.local", String.class);
    assertThat(java.util.UUID.fromString(text)).isNotNull();
    assertThat(async.queryForObject(count, Integer.class).join()).isEqualTo(2);
    // A value no conversion reaches: a typed error naming both types.
    assertThatThrownBy(
            () -> template.queryForObject("SELECT uuid() FROM system.local", Integer.class))
        .isInstanceOf(org.springframework.dao.TypeMismatchDataAccessException.class)
        .hasMessageContaining("UUID")
        .hasMessageContaining("Integer");
  }

  @Test
  void should_throw_empty_result_when_no_row_and_incorrect_size_when_several() {
    String none = "SELECT c FROM " + KEYSPACE + ".t WHERE k = 2";
    String two = "SELECT c FROM " + KEYSPACE + ".t WHERE k = 1";
    assertThatThrownBy(() -> template.queryForObject(none, Integer.class))
        .isInstanceOf(EmptyResultDataAccessException.class);
    assertThatThrownBy(() -> template.queryForObject(two, Integer.class))
        .isInstanceOf(IncorrectResultSizeDataAccessException.class)
        .isNotInstanceOf(EmptyResultDataAccessException.class);
    assertThat(failure(async.queryForObject(none, Integer.class)))
        .isInstanceOf(EmptyResultDataAccessException.class);
    assertThat(failure(async.queryForObject(two, Integer.class)))
        .isInstanceOf(IncorrectResultSizeDataAccessException.class)
        .isNotInstanceOf(EmptyResultDataAccessException.class);
  }

  @Test
  void should_pass_a_row_mapper_failure_to_the_async_caller() {
    IllegalStateException boom = new IllegalStateException("mapper failed");
    Throwable failure =
        failure(
            async.query(
                "SELECT c FROM " + KEYSPACE + ".t WHERE k = 1",
                (row, n) -> {
                  throw boom;
                }));
    assertThat(failure).isSameAs(boom);
  }

  @Test
  void should_translate_already_exists_to_schema_element_exists() {
    String create = "CREATE TABLE " + KEYSPACE + ".t (k int PRIMARY KEY)";
    assertThatThrownBy(() -> template.execute(create))
        .isInstanceOf(ScyllaSchemaElementExistsException.class)
        .hasMessageContaining(KEYSPACE);
    assertThat(failure(async.execute(create)))
        .isInstanceOf(ScyllaSchemaElementExistsException.class);
  }

  @Test
  void should_prepare_a_query_without_values_once_through_the_statement_cache() throws Exception {
    String sync = "SELECT c FROM " + KEYSPACE + ".t WHERE k = 1 AND c = 1";
    PreparedCacheStats before = session.preparedCacheStats();
    assertThat(template.queryForList(sync, Integer.class)).containsExactly(1);
    assertThat(template.queryForList(sync, Integer.class)).containsExactly(1);
    PreparedCacheStats after = session.preparedCacheStats();
    assertThat(after.size()).isEqualTo(before.size() + 1);
    assertThat(after.hits()).isGreaterThan(before.hits());

    String viaAsync = "SELECT c FROM " + KEYSPACE + ".t WHERE k = 1 AND c = 2";
    assertThat(async.queryForList(viaAsync, Integer.class).get(30, TimeUnit.SECONDS))
        .containsExactly(2);
    PreparedCacheStats firstAsync = session.preparedCacheStats();
    assertThat(firstAsync.size()).isEqualTo(after.size() + 1);
    assertThat(async.queryForList(viaAsync, Integer.class).get(30, TimeUnit.SECONDS))
        .containsExactly(2);
    PreparedCacheStats secondAsync = session.preparedCacheStats();
    assertThat(secondAsync.size()).isEqualTo(firstAsync.size());
    assertThat(secondAsync.hits()).isGreaterThan(firstAsync.hits());
  }
}
