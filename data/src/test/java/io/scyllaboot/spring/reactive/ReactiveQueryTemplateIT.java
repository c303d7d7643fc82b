package io.scyllaboot.spring.reactive;

import static io.scyllaboot.spring.core.query.Criteria.where;
import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.TestKeyspaceExtension;
import io.scyllaboot.spring.core.EntityWriteResult;
import io.scyllaboot.spring.core.InsertOptions;
import io.scyllaboot.spring.core.UpdateOptions;
import io.scyllaboot.spring.core.WriteResult;
import io.scyllaboot.spring.core.query.Columns;
import io.scyllaboot.spring.core.query.Query;
import io.scyllaboot.spring.core.query.Update;
import io.scyllaboot.spring.mapping.ClusteringColumn;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.repository.CqlPageRequest;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Sort;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

/**
 * The reactive template's {@code Query}-based methods and its fluent API ({@code
 * query/insert/update/delete(Class)}) against the real node.
 */
@ExtendWith(CassandraNodeExtension.class)
class ReactiveQueryTemplateIT {
  @RegisterExtension
  static final TestKeyspaceExtension keyspace =
      new TestKeyspaceExtension(
          "rx_query_tmpl",
          "events (stream text, seq int, kind text, tags set<text>, PRIMARY KEY (stream, seq))");

  private static ReactiveScyllaTemplate template;

  @Table("events")
  record Event(
      @PartitionKey String stream, @ClusteringColumn int seq, String kind, Set<String> tags) {}

  @BeforeAll
  static void template() {
    template = new ReactiveScyllaTemplate(keyspace.session());
  }

  @BeforeEach
  void rows() {
    keyspace.session().execute("DELETE FROM events WHERE stream IN ('a', 'b')");
    Flux.range(1, 5)
        .concatMap(seq -> template.insert(new Event("a", seq, seq % 2 == 0 ? "even" : "odd", null)))
        .then(template.insert(new Event("b", 1, "odd", Set.of("x"))))
        .block();
  }

  private static Query stream(String name) {
    return Query.query(where("stream").is(name));
  }

  @Test
  void select_count_exists_and_selected_columns() {
    StepVerifier.create(
            template
                .select(stream("a").sort(Sort.by(Sort.Direction.DESC, "seq")).limit(2), Event.class)
                .map(Event::seq))
        .expectNext(5, 4)
        .verifyComplete();
    StepVerifier.create(template.count(stream("a").and(where("seq").gt(2)), Event.class))
        .expectNext(3L)
        .verifyComplete();
    StepVerifier.create(
            template.exists(
                Query.query(where("kind").is("even")).withAllowFiltering(), Event.class))
        .expectNext(true)
        .verifyComplete();
    StepVerifier.create(
            template.selectOne(
                Query.query(where("stream").is("b"), where("seq").is(1))
                    .columns(Columns.from("stream", "seq", "tags")),
                Event.class))
        .assertNext(
            event -> {
              assertThat(event.tags()).containsExactly("x");
              assertThat(event.kind()).isNull();
            })
        .verifyComplete();
  }

  @Test
  void slices_follow_the_paging_state() {
    Query query = stream("a").pageSize(3);
    Slice<Event> first = template.slice(query, Event.class).block();
    Slice<Event> second =
        template.slice(query.pageRequest(first.nextPageable()), Event.class).block();

    assertThat(first.getContent()).extracting(Event::seq).containsExactly(1, 2, 3);
    assertThat(first.hasNext()).isTrue();
    assertThat(second.getContent()).extracting(Event::seq).containsExactly(4, 5);
    assertThat(second.hasNext()).isFalse();
  }

  @Test
  void statement_slices_follow_the_paging_state() {
    SimpleStatement all =
        SimpleStatement.of("SELECT * FROM events WHERE stream = 'a'").withPageSize(2);
    Slice<Event> first = template.slice(all, Event.class).block();
    CqlPageRequest next = (CqlPageRequest) first.nextPageable();
    Slice<Event> second =
        template.slice(all.withPagingState(next.getPagingState()), Event.class).block();

    assertThat(first.getContent()).extracting(Event::seq).containsExactly(1, 2);
    assertThat(second.getContent()).extracting(Event::seq).containsExactly(3, 4);
    assertThat(second.hasNext()).isTrue();
    StepVerifier.create(template.slice(SimpleStatement.of("SELECT * FROM events"), Event.class))
        .expectErrorMessage("a slice needs the statement's page size: statement.withPageSize(n)")
        .verify();
  }

  @Test
  void update_and_delete_by_query() {
    Query key = Query.query(where("stream").is("b"), where("seq").is(1));
    StepVerifier.create(
            template.update(
                key, Update.update("kind", "even").addTo("tags").append("y"), Event.class))
        .expectNext(true)
        .verifyComplete();
    StepVerifier.create(
            template
                .update(
                    Query.query(where("stream").is("b"), where("seq").is(9)),
                    Update.update("kind", "none"),
                    Event.class,
                    UpdateOptions.builder().ifExists(true).build())
                .map(result -> result.wasApplied()))
        .expectNext(false)
        .verifyComplete();
    StepVerifier.create(template.selectOne(key, Event.class))
        .assertNext(
            event -> {
              assertThat(event.kind()).isEqualTo("even");
              assertThat(event.tags()).containsExactlyInAnyOrder("x", "y");
            })
        .verifyComplete();

    StepVerifier.create(
            template.delete(stream("a").and(where("seq").in(List.of(1, 2, 3))), Event.class))
        .expectNext(true)
        .verifyComplete();
    StepVerifier.create(template.select(stream("a"), Event.class).map(Event::seq))
        .expectNext(4, 5)
        .verifyComplete();
  }

  @Test
  void an_unknown_name_signals_a_clear_error_at_subscription() {
    Flux<Event> select = template.select(Query.query(where("nope").is(1)), Event.class);
    StepVerifier.create(select)
        .expectErrorSatisfies(
            error ->
                assertThat(error)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("'nope'"))
        .verify();
    StepVerifier.create(template.count(stream("a"), Event.class)).expectNext(5L).verifyComplete();
  }

  private static Query key(String stream, int seq) {
    return Query.query(where("stream").is(stream), where("seq").is(seq));
  }

  @Test
  void the_fluent_api_reads() {
    StepVerifier.create(template.query(Event.class).matching(stream("a")).all().map(Event::seq))
        .expectNext(1, 2, 3, 4, 5)
        .verifyComplete();
    StepVerifier.create(template.query(Event.class).matching(key("a", 2)).one().map(Event::kind))
        .expectNext("even")
        .verifyComplete();
    StepVerifier.create(template.query(Event.class).matching(stream("nobody")).one())
        .verifyComplete();
    StepVerifier.create(template.query(Event.class).matching(stream("a")).one())
        .expectError(IncorrectResultSizeDataAccessException.class)
        .verify();
    StepVerifier.create(template.query(Event.class).matching(stream("a")).first().map(Event::seq))
        .expectNext(1)
        .verifyComplete();
    StepVerifier.create(template.query(Event.class).matching(where("stream").is("a")).count())
        .expectNext(5L)
        .verifyComplete();
    StepVerifier.create(template.query(Event.class).matching(key("a", 9)).exists())
        .expectNext(false)
        .verifyComplete();
    Slice<Event> page =
        template.query(Event.class).matching(stream("a").pageSize(2)).slice().block();
    assertThat(page.getContent()).extracting(Event::seq).containsExactly(1, 2);
    assertThat(page.hasNext()).isTrue();
  }

  @Test
  void the_fluent_api_writes_with_options_and_only_when_subscribed() {
    InsertOptions ifNotExists = InsertOptions.builder().ifNotExists(true).build();
    EntityWriteResult<Event> inserted =
        template
            .insert(Event.class)
            .withOptions(ifNotExists)
            .one(new Event("c", 1, "odd", null))
            .block();
    EntityWriteResult<Event> again =
        template
            .insert(Event.class)
            .withOptions(ifNotExists)
            .one(new Event("c", 1, "even", null))
            .block();
    assertThat(inserted.wasApplied()).isTrue();
    assertThat(again.wasApplied()).isFalse();

    WriteResult updated =
        template
            .update(Event.class)
            .matching(key("c", 1))
            .apply(Update.update("kind", "prime"))
            .block();
    assertThat(updated.wasApplied()).isTrue();
    StepVerifier.create(template.query(Event.class).matching(key("c", 1)).one().map(Event::kind))
        .expectNext("prime")
        .verifyComplete();

    // Assembled but not subscribed: nothing is deleted.
    template.delete(Event.class).matching(stream("c")).all();
    StepVerifier.create(template.query(Event.class).matching(stream("c")).exists())
        .expectNext(true)
        .verifyComplete();
    StepVerifier.create(
            template.delete(Event.class).matching(stream("c")).all().map(WriteResult::wasApplied))
        .expectNext(true)
        .verifyComplete();
    StepVerifier.create(template.query(Event.class).matching(stream("c")).exists())
        .expectNext(false)
        .verifyComplete();
  }

  @Test
  @SuppressWarnings({"unchecked", "rawtypes"})
  void the_fluent_api_signals_bad_input_at_subscription() {
    StepVerifier.create(template.update(Event.class).apply(Update.update("kind", "x")))
        .expectError(IllegalArgumentException.class)
        .verify();
    StepVerifier.create(template.delete(Event.class).all())
        .expectError(IllegalArgumentException.class)
        .verify();
    ReactiveInsert raw = template.insert(Event.class);
    StepVerifier.create(raw.one("not an event"))
        .expectErrorSatisfies(
            error ->
                assertThat(error)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("java.lang.String"))
        .verify();
    StepVerifier.create(template.query(Event.class).all().count()).expectNext(6L).verifyComplete();
  }
}
