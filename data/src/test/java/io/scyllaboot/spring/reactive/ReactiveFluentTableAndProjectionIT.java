package io.scyllaboot.spring.reactive;

import static io.scyllaboot.spring.core.query.Criteria.where;

import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.TestKeyspaceExtension;
import io.scyllaboot.spring.core.query.Query;
import io.scyllaboot.spring.core.query.Update;
import io.scyllaboot.spring.mapping.ClusteringColumn;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.Table;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.test.StepVerifier;

/**
 * The reactive fluent API's {@code inTable(..)} and {@code as(..)} against the real node, as Spring
 * Data Cassandra's {@code ReactiveSelectOperation} and its siblings.
 */
@ExtendWith(CassandraNodeExtension.class)
class ReactiveFluentTableAndProjectionIT {
  private static final String COLUMNS =
      " (stream text, seq int, kind text, PRIMARY KEY (stream, seq))";

  @RegisterExtension
  static final TestKeyspaceExtension keyspace =
      new TestKeyspaceExtension("rx_fluent_tbl", "events" + COLUMNS, "events_archive" + COLUMNS);

  private static ReactiveScyllaTemplate template;

  @Table("events")
  record Event(@PartitionKey String stream, @ClusteringColumn int seq, String kind) {}

  interface SeqOnly {
    int getSeq();
  }

  record KindOnly(String kind) {}

  @BeforeAll
  static void template() {
    template = new ReactiveScyllaTemplate(keyspace.session());
  }

  @BeforeEach
  void rows() {
    keyspace.session().execute("TRUNCATE events");
    keyspace.session().execute("TRUNCATE events_archive");
    template
        .insert(new Event("a", 1, "odd"))
        .then(template.insert(new Event("a", 2, "even")))
        .block();
  }

  private static Query key(String stream, int seq) {
    return Query.query(where("stream").is(stream), where("seq").is(seq));
  }

  @Test
  void every_fluent_operation_works_on_the_table_named_by_inTable() {
    StepVerifier.create(
            template.insert(Event.class).inTable("events_archive").one(new Event("z", 1, "odd")))
        .expectNextCount(1)
        .verifyComplete();
    StepVerifier.create(template.query(Event.class).inTable("events_archive").all())
        .expectNext(new Event("z", 1, "odd"))
        .verifyComplete();
    StepVerifier.create(template.query(Event.class).matching(key("z", 1)).exists())
        .expectNext(false)
        .verifyComplete();

    StepVerifier.create(
            template
                .update(Event.class)
                .inTable("events_archive")
                .matching(key("z", 1))
                .apply(Update.update("kind", "moved"))
                .then(
                    template
                        .query(Event.class)
                        .inTable("events_archive")
                        .matching(key("z", 1))
                        .one()))
        .expectNext(new Event("z", 1, "moved"))
        .verifyComplete();

    StepVerifier.create(
            template
                .delete(Event.class)
                .inTable("events_archive")
                .matching(key("z", 1))
                .all()
                .then(template.query(Event.class).inTable("events_archive").count()))
        .expectNext(0L)
        .verifyComplete();
    StepVerifier.create(template.query(Event.class).count()).expectNext(2L).verifyComplete();
  }

  @Test
  void as_projects_each_row_onto_an_interface_or_a_dto() {
    StepVerifier.create(
            template
                .query(Event.class)
                .as(SeqOnly.class)
                .matching(where("stream").is("a"))
                .all()
                .map(SeqOnly::getSeq))
        .expectNext(1, 2)
        .verifyComplete();
    StepVerifier.create(template.query(Event.class).as(KindOnly.class).matching(key("a", 2)).one())
        .expectNext(new KindOnly("even"))
        .verifyComplete();
  }
}
