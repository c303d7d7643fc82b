package io.scyllaboot.spring.core.query;

import static io.scyllaboot.spring.core.query.Criteria.where;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.spring.core.DeleteOptions;
import io.scyllaboot.spring.core.QueryOptions;
import io.scyllaboot.spring.core.QueryRenderer;
import io.scyllaboot.spring.core.QueryStatement;
import io.scyllaboot.spring.core.UpdateOptions;
import io.scyllaboot.spring.mapping.ClusteringColumn;
import io.scyllaboot.spring.mapping.Column;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.repository.CqlPageRequest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.data.domain.Sort;

/** The CQL a Query or Update renders to: names as columns, every value a bind marker. */
class QueryRendererTest {
  enum Kind {
    TEMPERATURE,
    HUMIDITY
  }

  @Table("readings")
  record Reading(
      @PartitionKey String sensor,
      @ClusteringColumn int at,
      Kind kind,
      @Column("reading_value") Double value,
      Set<String> tags,
      List<String> notes,
      Map<String, String> attrs) {}

  private final ScyllaMappingContext context = new ScyllaMappingContext();
  private final QueryRenderer renderer = new QueryRenderer(new ScyllaEntityConverter(context));
  private final ScyllaPersistentEntity<?> entity =
      context.getRequiredPersistentEntity(Reading.class);

  @Test
  void select_binds_every_value_including_in_lists_and_the_limit() {
    Query query =
        Query.query(
                where("sensor").in("a", "b", "c"),
                where("at").gte(10),
                where("kind").is(Kind.HUMIDITY))
            .columns(Columns.from("sensor", "value"))
            .sort(Sort.by(Sort.Direction.DESC, "at"))
            .limit(5)
            .withAllowFiltering();

    QueryStatement statement = renderer.select(query, entity);

    assertThat(statement.cql())
        .isEqualTo(
            "SELECT sensor, reading_value FROM readings WHERE sensor IN ? AND at >= ? AND kind = ?"
                + " ORDER BY at DESC LIMIT ? ALLOW FILTERING");
    // the enum as its name, as the entity's writes convert it
    assertThat(statement.values()).containsExactly(List.of("a", "b", "c"), 10, "HUMIDITY", 5);
    assertThat(statement.columnsSelected()).isTrue();
  }

  @Test
  void the_same_shape_renders_the_same_cql_whatever_the_values() {
    String one = renderer.select(Query.query(where("sensor").in("a")).limit(1), entity).cql();
    String other =
        renderer
            .select(Query.query(where("sensor").in("x", "y", "z", "w")).limit(900), entity)
            .cql();
    assertThat(other).isEqualTo(one).doesNotContain("x").doesNotContain("900");
  }

  @Test
  void an_empty_query_selects_every_column_of_the_entity() {
    assertThat(renderer.select(Query.empty(), entity).cql())
        .isEqualTo("SELECT sensor, at, kind, reading_value, tags, notes, attrs FROM readings");
    assertThat(renderer.count(Query.query(where("sensor").is("s")), entity).cql())
        .isEqualTo("SELECT COUNT(*) FROM readings WHERE sensor = ?");
    assertThat(
            renderer
                .exists(Query.query(where("tags").contains("t")).withAllowFiltering(), entity)
                .cql())
        .isEqualTo("SELECT sensor FROM readings WHERE tags CONTAINS ? LIMIT 1 ALLOW FILTERING");
    assertThat(
            renderer
                .select(
                    Query.query(where("attrs").containsKey("k"), where("sensor").like("s%")),
                    entity)
                .cql())
        .endsWith("WHERE attrs CONTAINS KEY ? AND sensor LIKE ?");
  }

  @Test
  void the_options_and_paging_state_reach_the_statement() {
    CqlPageRequest page =
        CqlPageRequest.of(7, io.scyllaboot.driver.api.cql.PagingState.fromBytes(new byte[] {1, 2}));
    Query query =
        Query.empty()
            .queryOptions(
                QueryOptions.builder()
                    .consistencyLevel(ConsistencyLevel.QUORUM)
                    .timeout(Duration.ofSeconds(3))
                    .build())
            .pageRequest(page);

    QueryStatement statement = renderer.select(query, entity);

    assertThat(statement.options().consistency()).isEqualTo(ConsistencyLevel.QUORUM);
    assertThat(statement.options().timeout()).isEqualTo(Duration.ofSeconds(3));
    assertThat(statement.options().pageSize()).isEqualTo(7);
    assertThat(statement.options().pagingState()).isEqualTo(page.getPagingState());
  }

  @Test
  void a_later_page_without_paging_state_is_refused() {
    assertThatThrownBy(
            () -> Query.empty().pageRequest(CqlPageRequest.ofPage(3, 10, Sort.unsorted())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("paging state");
  }

  @Test
  void update_renders_each_collection_operation_with_markers() {
    Update update =
        Update.update("value", 1.5)
            .set("notes")
            .atIndex(0)
            .to("first")
            .set("attrs")
            .atKey("k")
            .to("v")
            .addTo("tags")
            .appendAll("a", "b")
            .addTo("notes")
            .prepend("head")
            .addTo("attrs")
            .entry("x", "y")
            .removeFrom("tags")
            .value("old")
            .removeFrom("attrs")
            .values("gone");
    UpdateOptions options =
        UpdateOptions.builder().ttl(Duration.ofMinutes(1)).ifExists(true).build();

    QueryStatement statement =
        renderer.update(
            Query.query(where("sensor").is("s"), where("at").is(3)), update, entity, options);

    assertThat(statement.cql())
        .isEqualTo(
            "UPDATE readings USING TTL ? SET reading_value = ?, notes[?] = ?, attrs[?] = ?,"
                + " tags = tags + ?, notes = ? + notes, attrs = attrs + ?, tags = tags - ?,"
                + " attrs = attrs - ? WHERE sensor = ? AND at = ? IF EXISTS");
    assertThat(statement.values())
        .containsExactly(
            60,
            1.5,
            0,
            "first",
            "k",
            "v",
            Set.of("a", "b"),
            List.of("head"),
            Map.of("x", "y"),
            Set.of("old"),
            Set.of("gone"),
            "s",
            3);
  }

  @Test
  void counters_increment_and_decrement_by_a_bound_delta() {
    QueryStatement statement =
        renderer.update(
            Query.query(where("sensor").is("s"), where("at").is(1)),
            Update.empty().increment("at", 5).decrement("value"),
            entity,
            UpdateOptions.empty());
    assertThat(statement.cql()).contains("SET at = at + ?, reading_value = reading_value - ?");
    assertThat(statement.values()).containsExactly(5L, 1L, "s", 1);
  }

  @Test
  void delete_removes_rows_or_the_named_columns() {
    Query key = Query.query(where("sensor").is("s"), where("at").is(1));
    assertThat(renderer.delete(key, entity, DeleteOptions.empty()).cql())
        .isEqualTo("DELETE FROM readings WHERE sensor = ? AND at = ?");
    assertThat(
            renderer
                .delete(
                    key.columns(Columns.from("tags", "value")),
                    entity,
                    DeleteOptions.builder().ifExists(true).build())
                .cql())
        .isEqualTo(
            "DELETE tags, reading_value FROM readings WHERE sensor = ? AND at = ? IF EXISTS");
  }

  @Test
  void names_are_properties_or_columns_and_unknown_names_fail_clearly() {
    assertThat(renderer.select(Query.query(where("reading_value").gt(1.0)), entity).cql())
        .endsWith("WHERE reading_value > ?");
    assertThatThrownBy(() -> renderer.select(Query.query(where("nope").is(1)), entity))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no property or column 'nope'")
        .hasMessageContaining(Reading.class.getName());
  }

  @Test
  void writes_without_criteria_or_assignments_are_refused() {
    assertThatThrownBy(
            () ->
                renderer.update(
                    Query.empty(), Update.update("value", 1.0), entity, UpdateOptions.empty()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("needs criteria");
    assertThatThrownBy(() -> renderer.delete(Query.empty(), entity, DeleteOptions.empty()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("truncate");
    assertThatThrownBy(
            () ->
                renderer.update(
                    Query.query(where("sensor").is("s")),
                    Update.empty(),
                    entity,
                    UpdateOptions.empty()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least one assignment");
    assertThatThrownBy(() -> where("sensor").in(List.of()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Query.empty().limit(0)).isInstanceOf(IllegalArgumentException.class);
  }
}
