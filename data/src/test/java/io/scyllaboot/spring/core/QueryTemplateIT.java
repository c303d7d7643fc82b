package io.scyllaboot.spring.core;

import static io.scyllaboot.spring.core.query.Criteria.where;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.TestKeyspaceExtension;
import io.scyllaboot.spring.core.query.Columns;
import io.scyllaboot.spring.core.query.Query;
import io.scyllaboot.spring.core.query.Update;
import io.scyllaboot.spring.mapping.ClusteringColumn;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.repository.CqlPageRequest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Sort;

/**
 * The entity template's {@code Query}-based reads and writes against the real node: criteria,
 * columns, sort, limit, filtering, paging, every collection update, deletes; blocking and async.
 */
@ExtendWith(CassandraNodeExtension.class)
class QueryTemplateIT {
  @RegisterExtension
  static final TestKeyspaceExtension keyspace =
      new TestKeyspaceExtension(
          "query_tmpl",
          "readings (sensor text, at int, value double, tags set<text>, notes list<text>,"
              + " attrs map<text, text>, PRIMARY KEY (sensor, at))",
          "hits (page text PRIMARY KEY, views counter)");

  private static ScyllaTemplate template;

  @Table("readings")
  record Reading(
      @PartitionKey String sensor,
      @ClusteringColumn int at,
      Double value,
      Set<String> tags,
      List<String> notes,
      Map<String, String> attrs) {
    static Reading of(String sensor, int at, double value) {
      return new Reading(sensor, at, value, null, null, null);
    }
  }

  @Table("hits")
  record Hits(@PartitionKey String page, long views) {}

  @BeforeAll
  static void template() {
    template = new ScyllaTemplate(keyspace.session());
  }

  @BeforeEach
  void rows() {
    // A partition delete is much cheaper than TRUNCATE (no flush) on a shared node.
    keyspace.session().execute("DELETE FROM readings WHERE sensor IN ('s1', 's2', 's3')");
    for (int at = 1; at <= 5; at++) {
      template.insert(Reading.of("s1", at, at * 10.0));
    }
    template.insert(new Reading("s2", 1, 99.0, Set.of("hot"), null, Map.of("unit", "C")));
  }

  private static Query sensor(String sensor) {
    return Query.query(where("sensor").is(sensor));
  }

  private static Query key(String sensor, int at) {
    return Query.query(where("sensor").is(sensor), where("at").is(at));
  }

  private static List<Integer> ats(List<Reading> readings) {
    return readings.stream().map(Reading::at).toList();
  }

  @Test
  void select_with_criteria_sort_and_limit() {
    List<Reading> latest =
        template.select(
            sensor("s1").and(where("at").gte(2)).sort(Sort.by(Sort.Direction.DESC, "at")).limit(3),
            Reading.class);

    assertThat(ats(latest)).containsExactly(5, 4, 3);
    assertThat(ats(template.select(sensor("s1").and(where("at").lt(3)), Reading.class)))
        .containsExactly(1, 2);
    assertThat(ats(template.select(sensor("s1").and(where("at").in(4, 1)), Reading.class)))
        .containsExactly(1, 4);
    assertThat(template.selectOne(key("s1", 3), Reading.class).value()).isEqualTo(30.0);
    assertThat(template.selectOne(key("s1", 42), Reading.class)).isNull();
  }

  @Test
  void selected_columns_leave_the_others_null() {
    Reading partial =
        template.selectOne(
            key("s2", 1).columns(Columns.from("sensor", "at", "tags")), Reading.class);

    assertThat(partial.tags()).containsExactly("hot");
    assertThat(partial.value()).isNull();
    assertThat(partial.attrs()).isNull();
  }

  @Test
  void filtering_contains_and_contains_key() {
    assertThat(
            ats(
                template.select(
                    Query.query(where("value").gt(35.0)).withAllowFiltering(), Reading.class)))
        .containsExactlyInAnyOrder(4, 5, 1);
    assertThat(
            template.select(
                Query.query(where("tags").contains("hot")).withAllowFiltering(), Reading.class))
        .extracting(Reading::sensor)
        .containsExactly("s2");
    assertThat(
            template.exists(
                Query.query(where("attrs").containsKey("unit")).withAllowFiltering(),
                Reading.class))
        .isTrue();
    assertThat(
            template.exists(
                Query.query(where("attrs").containsKey("none")).withAllowFiltering(),
                Reading.class))
        .isFalse();
  }

  @Test
  void count_exists_and_stream() {
    assertThat(template.count(sensor("s1"), Reading.class)).isEqualTo(5);
    assertThat(template.count(Query.empty(), Reading.class)).isEqualTo(6);
    assertThat(template.exists(key("s1", 5), Reading.class)).isTrue();
    assertThat(template.exists(key("s1", 6), Reading.class)).isFalse();
    try (Stream<Reading> stream = template.stream(sensor("s1").pageSize(2), Reading.class)) {
      assertThat(stream.map(Reading::at)).containsExactly(1, 2, 3, 4, 5);
    }
  }

  @Test
  void slices_resume_at_the_paging_state() {
    Query query = sensor("s1").pageSize(2);

    Slice<Reading> first = template.slice(query, Reading.class);
    Slice<Reading> second = template.slice(query.pageRequest(first.nextPageable()), Reading.class);
    Slice<Reading> last = template.slice(query.pageRequest(second.nextPageable()), Reading.class);

    assertThat(ats(first.getContent())).containsExactly(1, 2);
    assertThat(ats(second.getContent())).containsExactly(3, 4);
    assertThat(ats(last.getContent())).containsExactly(5);
    assertThat(first.hasNext()).isTrue();
    assertThat(last.hasNext()).isFalse();
    // the state survives as a string, e.g. across HTTP requests
    String stored = ((CqlPageRequest) first.getPageable()).getNextPagingState().toString();
    Slice<Reading> resumed =
        template.slice(
            query.pagingState(io.scyllaboot.driver.api.cql.PagingState.fromString(stored)),
            Reading.class);
    assertThat(ats(resumed.getContent())).containsExactly(3, 4);
    assertThatThrownBy(() -> template.slice(sensor("s1"), Reading.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("page size");
  }

  @Test
  void update_sets_values_and_changes_collections() {
    Query row = key("s2", 1);
    template.update(
        row,
        Update.update("value", 1.5)
            .addTo("tags")
            .appendAll("new", "dry")
            .addTo("notes")
            .appendAll("b", "c")
            .addTo("attrs")
            .entry("site", "north"),
        Reading.class);
    template.update(
        row,
        Update.empty()
            .addTo("notes")
            .prepend("a")
            .removeFrom("tags")
            .value("hot")
            .removeFrom("attrs")
            .value("unit"),
        Reading.class);
    template.update(
        row,
        Update.empty().set("notes").atIndex(1).to("B").set("attrs").atKey("site").to("south"),
        Reading.class);

    Reading updated = template.selectOne(row, Reading.class);
    assertThat(updated.value()).isEqualTo(1.5);
    assertThat(updated.tags()).containsExactlyInAnyOrder("new", "dry");
    assertThat(updated.notes()).containsExactly("a", "B", "c");
    assertThat(updated.attrs()).containsExactly(Map.entry("site", "south"));

    template.update(row, Update.empty().removeFrom("notes").values("a", "c"), Reading.class);
    assertThat(template.selectOne(row, Reading.class).notes()).containsExactly("B");
  }

  @Test
  void counters_increment_and_decrement() {
    // A deleted counter cannot be counted again: a fresh row per run.
    Query page = Query.query(where("page").is("/" + System.nanoTime()));
    template.update(page, Update.empty().increment("views", 5), Hits.class);
    template.update(page, Update.empty().decrement("views"), Hits.class);
    template.update(page, Update.empty().increment("views"), Hits.class);

    assertThat(template.selectOne(page, Hits.class).views()).isEqualTo(5);
  }

  @Test
  void update_options_reach_the_statement() {
    WriteResult missing =
        template.update(
            key("s1", 99),
            Update.update("value", 1.0),
            Reading.class,
            UpdateOptions.builder().ifExists(true).build());
    template.update(
        key("s1", 1),
        Update.update("value", 2.0),
        Reading.class,
        UpdateOptions.builder().ttl(Duration.ofHours(1)).build());

    assertThat(missing.wasApplied()).isFalse();
    assertThat(template.exists(key("s1", 99), Reading.class)).isFalse();
    Row ttl =
        keyspace
            .session()
            .execute("SELECT TTL(value) FROM readings WHERE sensor = 's1' AND at = 1")
            .one();
    assertThat(ttl.getInt(0)).isBetween(3500, 3600);
  }

  @Test
  void delete_removes_rows_or_columns() {
    assertThat(template.delete(key("s1", 1), Reading.class)).isTrue();
    template.delete(sensor("s1").and(where("at").in(2, 3)), Reading.class);
    template.delete(key("s2", 1).columns(Columns.from("tags")), Reading.class);

    assertThat(ats(template.select(sensor("s1"), Reading.class))).containsExactly(4, 5);
    Reading s2 = template.selectOne(key("s2", 1), Reading.class);
    assertThat(s2.tags()).isNull();
    assertThat(s2.value()).isEqualTo(99.0);
  }

  @Test
  void the_fluent_api_reads_and_writes() {
    assertThat(ats(template.query(Reading.class).matching(sensor("s1")).all())).hasSize(5);
    assertThat(template.query(Reading.class).matching(where("sensor").is("s2")).one().value())
        .isEqualTo(99.0);
    assertThat(template.query(Reading.class).matching(sensor("s1")).first().at()).isEqualTo(1);
    assertThat(template.query(Reading.class).matching(sensor("nobody")).one()).isNull();
    assertThatThrownBy(() -> template.query(Reading.class).matching(sensor("s1")).one())
        .isInstanceOf(IncorrectResultSizeDataAccessException.class);
    assertThat(template.query(Reading.class).matching(sensor("s1")).count()).isEqualTo(5);
    assertThat(template.query(Reading.class).matching(key("s1", 2)).exists()).isTrue();

    EntityWriteResult<Reading> inserted =
        template
            .insert(Reading.class)
            .withOptions(InsertOptions.builder().ifNotExists(true).build())
            .one(Reading.of("s3", 1, 7.0));
    EntityWriteResult<Reading> again =
        template
            .insert(Reading.class)
            .withOptions(InsertOptions.builder().ifNotExists(true).build())
            .one(Reading.of("s3", 1, 8.0));
    WriteResult updated =
        template.update(Reading.class).matching(key("s3", 1)).apply(Update.update("value", 9.0));

    assertThat(inserted.wasApplied()).isTrue();
    assertThat(again.wasApplied()).isFalse();
    assertThat(updated.wasApplied()).isTrue();
    assertThat(template.query(Reading.class).matching(key("s3", 1)).one().value()).isEqualTo(9.0);
    template.delete(Reading.class).matching(where("sensor").is("s3")).all();
    assertThat(template.query(Reading.class).matching(where("sensor").is("s3")).exists()).isFalse();
  }

  @Test
  void async_methods_complete_with_the_same_results() {
    assertThat(ats(template.selectAsync(sensor("s1").and(where("at").gt(3)), Reading.class).join()))
        .containsExactly(4, 5);
    assertThat(template.selectOneAsync(key("s1", 2), Reading.class).join().value()).isEqualTo(20.0);
    assertThat(template.countAsync(sensor("s1"), Reading.class).join()).isEqualTo(5);
    assertThat(template.existsAsync(key("s1", 9), Reading.class).join()).isFalse();
    Slice<Reading> slice = template.sliceAsync(sensor("s1").pageSize(3), Reading.class).join();
    assertThat(ats(slice.getContent())).containsExactly(1, 2, 3);
    assertThat(slice.hasNext()).isTrue();
    // more rows than one page: selectAsync follows the pages
    assertThat(template.selectAsync(sensor("s1").pageSize(2), Reading.class).join()).hasSize(5);

    template
        .updateAsync(
            key("s1", 2), Update.update("value", 0.5), Reading.class, UpdateOptions.empty())
        .join();
    template.deleteAsync(key("s1", 3), Reading.class, DeleteOptions.empty()).join();

    assertThat(template.selectOne(key("s1", 2), Reading.class).value()).isEqualTo(0.5);
    assertThat(template.exists(key("s1", 3), Reading.class)).isFalse();
  }

  @Test
  void bad_queries_fail_typed_and_the_session_stays_healthy() {
    assertThatThrownBy(() -> template.select(Query.query(where("nope").is(1)), Reading.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'nope'");
    assertThat(template.selectAsync(Query.query(where("nope").is(1)), Reading.class))
        .failsWithin(Duration.ofSeconds(5))
        .withThrowableOfType(java.util.concurrent.ExecutionException.class)
        .withCauseInstanceOf(IllegalArgumentException.class);
    // the node refuses a filter on a regular column without ALLOW FILTERING: translated
    assertThatThrownBy(() -> template.select(Query.query(where("value").gt(1.0)), Reading.class))
        .isInstanceOf(org.springframework.dao.DataAccessException.class)
        .hasMessageContaining("ALLOW FILTERING");
    // a value of the wrong type: a typed error naming the marker, before anything is sent
    assertThatThrownBy(() -> template.select(sensor("s1").and(where("at").is("x")), Reading.class))
        .isInstanceOf(org.springframework.dao.DataAccessException.class);
    assertThat(template.count(sensor("s1"), Reading.class)).isEqualTo(5);
  }

  @Test
  void one_prepared_statement_per_query_shape_whatever_the_values() {
    Query shape = sensor("s1").and(where("at").in(1, 2)).limit(2);
    template.select(shape, Reading.class);
    long cached = keyspace.session().preparedCacheStats().size();

    for (int limit = 1; limit <= 4; limit++) {
      template.select(
          Query.query(
                  where("sensor").is("s" + limit),
                  where("at").in(List.of(1, 2, 3, 4).subList(0, limit)))
              .limit(limit),
          Reading.class);
    }
    template.selectAsync(sensor("s2").and(where("at").in(7)).limit(9), Reading.class).join();

    assertThat(keyspace.session().preparedCacheStats().size()).isEqualTo(cached);
    template.select(sensor("s1").limit(2), Reading.class); // another shape: one more entry
    assertThat(keyspace.session().preparedCacheStats().size()).isEqualTo(cached + 1);
  }
}
