package io.scyllaboot.spring.core;

import static io.scyllaboot.spring.core.query.Criteria.where;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.TestKeyspaceExtension;
import io.scyllaboot.spring.core.query.Query;
import io.scyllaboot.spring.core.query.Update;
import io.scyllaboot.spring.cql.CqlSyntaxException;
import io.scyllaboot.spring.mapping.BasicMapId;
import io.scyllaboot.spring.mapping.ClusteringColumn;
import io.scyllaboot.spring.mapping.MapId;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.repository.CqlPageRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.domain.Slice;

/**
 * {@link AsyncScyllaTemplate} (Spring Data Cassandra's {@code AsyncCassandraTemplate} method set)
 * and the templates' {@code slice(Statement, Class)} against the real node.
 */
@ExtendWith(CassandraNodeExtension.class)
class AsyncScyllaTemplateIT {
  @RegisterExtension
  static final TestKeyspaceExtension keyspace =
      new TestKeyspaceExtension(
          "async_tmpl",
          "readings (sensor text, at int, value double, PRIMARY KEY (sensor, at))",
          "wiped (k int PRIMARY KEY)");

  private static ScyllaTemplate blocking;
  private static AsyncScyllaOperations async;

  @Table("readings")
  record Reading(@PartitionKey String sensor, @ClusteringColumn int at, double value) {}

  @Table("wiped")
  record Wiped(@PartitionKey int k) {}

  @BeforeAll
  static void templates() {
    blocking = new ScyllaTemplate(keyspace.session());
    async = new AsyncScyllaTemplate(blocking);
  }

  @BeforeEach
  void rows() {
    keyspace.session().execute("DELETE FROM readings WHERE sensor IN ('a', 'b')");
    for (int at = 1; at <= 5; at++) {
      blocking.insert(new Reading("a", at, at * 1.5));
    }
  }

  private static <T> T await(CompletableFuture<T> future) throws Exception {
    return future.get(30, TimeUnit.SECONDS);
  }

  private static MapId key(String sensor, int at) {
    return BasicMapId.id("sensor", sensor).with("at", at);
  }

  private static List<Integer> ats(List<Reading> readings) {
    return readings.stream().map(Reading::at).toList();
  }

  @Test
  void reads_by_cql_statement_query_and_id() throws Exception {
    String bySensor = "SELECT * FROM readings WHERE sensor = ?";
    assertThat(ats(await(async.select(bySensor, Reading.class, "a"))))
        .containsExactly(1, 2, 3, 4, 5);
    assertThat(await(async.selectOne(bySensor + " AND at = ?", Reading.class, "a", 3)).value())
        .isEqualTo(4.5);
    assertThat(await(async.selectOne(bySensor, Reading.class, "nobody"))).isNull();
    assertThat(await(async.select("SELECT at FROM readings WHERE sensor = ?", Integer.class, "a")))
        .containsExactly(1, 2, 3, 4, 5);

    SimpleStatement statement =
        SimpleStatement.of("SELECT * FROM readings WHERE sensor = 'a' AND at > 3");
    assertThat(ats(await(async.select(statement, Reading.class)))).containsExactly(4, 5);
    assertThat(await(async.selectOne(statement, Reading.class)).at()).isEqualTo(4);
    List<Integer> consumed = new ArrayList<>();
    await(async.select(statement, (Reading reading) -> consumed.add(reading.at()), Reading.class));
    await(
        async.select(
            bySensor + " AND at < 3", (Reading r) -> consumed.add(-r.at()), Reading.class, "a"));
    assertThat(consumed).containsExactly(4, 5, -1, -2);

    Query recent = Query.query(where("sensor").is("a"), where("at").gte(4));
    assertThat(ats(await(async.select(recent, Reading.class)))).containsExactly(4, 5);
    assertThat(await(async.selectOne(recent, Reading.class)).at()).isEqualTo(4);
    assertThat(await(async.count(recent, Reading.class))).isEqualTo(2);
    assertThat(await(async.exists(recent, Reading.class))).isTrue();
    List<Integer> fromQuery = new ArrayList<>();
    await(async.select(recent, (Reading r) -> fromQuery.add(r.at()), Reading.class));
    assertThat(fromQuery).containsExactly(4, 5);

    assertThat(await(async.count(Reading.class))).isEqualTo(5);
    assertThat(await(async.exists(key("a", 2), Reading.class))).isTrue();
    assertThat(await(async.exists(key("b", 2), Reading.class))).isFalse();
    assertThat(await(async.selectOneById(key("a", 2), Reading.class)).value()).isEqualTo(3.0);
  }

  @Test
  void writes_entities_and_queries() throws Exception {
    Reading written = await(async.insert(new Reading("b", 1, 1.0)));
    assertThat(written.sensor()).isEqualTo("b");
    assertThat(
            await(
                    async.insert(
                        new Reading("b", 1, 2.0),
                        InsertOptions.builder().ifNotExists(true).build()))
                .wasApplied())
        .isFalse();
    await(async.update(new Reading("b", 1, 7.0)));
    assertThat(blocking.selectOneById(key("b", 1), Reading.class).value()).isEqualTo(7.0);
    assertThat(await(async.update(new Reading("b", 2, 8.0), UpdateOptions.empty())).wasApplied())
        .isTrue();

    Query second = Query.query(where("sensor").is("b"), where("at").is(2));
    assertThat(await(async.update(second, Update.update("value", 9.0), Reading.class))).isTrue();
    assertThat(blocking.selectOne(second, Reading.class).value()).isEqualTo(9.0);
    assertThat(await(async.delete(second, Reading.class))).isTrue();
    assertThat(blocking.selectOne(second, Reading.class)).isNull();

    Reading gone = await(async.delete(new Reading("b", 1, 7.0)));
    assertThat(gone.at()).isEqualTo(1);
    assertThat(await(async.delete(new Reading("a", 1, 0), DeleteOptions.empty())).wasApplied())
        .isTrue();
    assertThat(await(async.deleteById(key("a", 2), Reading.class))).isTrue();
    assertThat(await(async.count(Reading.class))).isEqualTo(3);

    blocking.insert(new Wiped(1));
    await(async.truncate(Wiped.class));
    assertThat(blocking.count(Wiped.class)).isZero();
  }

  @Test
  void a_statement_slice_follows_the_paging_state_blocking_and_async() throws Exception {
    SimpleStatement all =
        SimpleStatement.of("SELECT * FROM readings WHERE sensor = 'a'").withPageSize(2);

    Slice<Reading> first = blocking.slice(all, Reading.class);
    assertThat(ats(first.getContent())).containsExactly(1, 2);
    assertThat(first.hasNext()).isTrue();
    CqlPageRequest next = (CqlPageRequest) first.nextPageable();

    Slice<Reading> second =
        await(async.slice(all.withPagingState(next.getPagingState()), Reading.class));
    assertThat(ats(second.getContent())).containsExactly(3, 4);
    CqlPageRequest last = (CqlPageRequest) second.nextPageable();
    Slice<Reading> third =
        blocking.slice(all.withPagingState(last.getPagingState()), Reading.class);
    assertThat(ats(third.getContent())).containsExactly(5);
    assertThat(third.hasNext()).isFalse();

    Query query = Query.query(where("sensor").is("a")).pageSize(3);
    assertThat(ats(await(async.slice(query, Reading.class)).getContent())).containsExactly(1, 2, 3);
  }

  @Test
  void failures_complete_the_future_with_the_blocking_methods_exceptions() {
    assertThatThrownBy(() -> await(async.select("SELEC nothing", Reading.class)))
        .hasCauseInstanceOf(CqlSyntaxException.class);
    CompletableFuture<Slice<Reading>> unsized =
        async.slice(SimpleStatement.of("SELECT * FROM readings"), Reading.class);
    assertThatThrownBy(unsized::join)
        .isInstanceOf(CompletionException.class)
        .hasMessageContaining("withPageSize");
    assertThatThrownBy(
            () -> blocking.slice(SimpleStatement.of("SELECT * FROM readings"), Reading.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("withPageSize");
  }
}
