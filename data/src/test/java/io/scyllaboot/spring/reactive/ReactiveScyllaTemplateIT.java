package io.scyllaboot.spring.reactive;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.TestKeyspaceExtension;
import io.scyllaboot.spring.core.DeleteOptions;
import io.scyllaboot.spring.core.InsertOptions;
import io.scyllaboot.spring.core.UpdateOptions;
import io.scyllaboot.spring.cql.CqlSyntaxException;
import io.scyllaboot.spring.mapping.ClusteringColumn;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.Table;
import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.test.StepVerifier;

/**
 * The reactive entity template against the real node: reads into entities, writes with the write
 * options (TTL, IF NOT EXISTS, IF EXISTS, custom IF), results that say whether a condition held.
 */
@ExtendWith(CassandraNodeExtension.class)
class ReactiveScyllaTemplateIT {
  private static final Duration WAIT = Duration.ofSeconds(30);

  @RegisterExtension
  static final TestKeyspaceExtension keyspace =
      new TestKeyspaceExtension(
          "reactive_template",
          "track (album text, number int, title text, PRIMARY KEY (album, number))");

  private static CqlSession session;
  private static ReactiveScyllaTemplate template;

  @Table("track")
  record Track(@PartitionKey String album, @ClusteringColumn int number, String title) {}

  record TrackKey(String album, int number) {}

  /** Not a table: the template refuses it with a clear error. */
  record Loose(String id) {}

  @BeforeAll
  static void connect() {
    session = keyspace.session();
    template = new ReactiveScyllaTemplate(session);
  }

  @BeforeEach
  void empty() {
    template.truncate(Track.class).block(WAIT);
  }

  @Test
  void should_read_rows_into_entities() {
    StepVerifier.create(
            template
                .insert(new Track("a", 1, "One"))
                .then(template.insert(new Track("a", 2, "Two")))
                .then(template.insert(new Track("b", 1, "Uno"))))
        .expectNext(new Track("b", 1, "Uno"))
        .verifyComplete();

    assertThat(template.getTableName(Track.class)).isEqualTo("track");
    StepVerifier.create(template.count(Track.class)).expectNext(3L).verifyComplete();
    StepVerifier.create(
            template
                .select("SELECT * FROM track WHERE album = ?", Track.class, "a")
                .map(Track::title))
        .expectNext("One", "Two")
        .verifyComplete();
    StepVerifier.create(
            template.selectOne(
                "SELECT * FROM track WHERE album = ? ORDER BY number DESC", Track.class, "a"))
        .expectNext(new Track("a", 2, "Two"))
        .verifyComplete();
    StepVerifier.create(template.selectOneById(new TrackKey("b", 1), Track.class))
        .expectNext(new Track("b", 1, "Uno"))
        .verifyComplete();
    StepVerifier.create(template.selectOneById(new TrackKey("b", 9), Track.class)).verifyComplete();
    StepVerifier.create(template.exists(new TrackKey("a", 2), Track.class))
        .expectNext(true)
        .verifyComplete();
    StepVerifier.create(
            template
                .deleteById(new TrackKey("a", 2), Track.class)
                .then(template.exists(new TrackKey("a", 2), Track.class)))
        .expectNext(false)
        .verifyComplete();
  }

  @Test
  void should_write_with_options_and_say_whether_a_condition_held() {
    InsertOptions ifNotExists = InsertOptions.builder().ifNotExists(true).build();
    StepVerifier.create(template.insert(new Track("c", 1, "First"), ifNotExists))
        .assertNext(result -> assertThat(result.wasApplied()).isTrue())
        .verifyComplete();
    StepVerifier.create(template.insert(new Track("c", 1, "Second"), ifNotExists))
        .assertNext(
            result -> {
              assertThat(result.wasApplied()).isFalse();
              assertThat(result.getEntity().title()).isEqualTo("Second");
              assertThat(result.getRows()).hasSize(1);
            })
        .verifyComplete();

    UpdateOptions ifExists = UpdateOptions.builder().ifExists(true).build();
    StepVerifier.create(template.update(new Track("c", 2, "Ghost"), ifExists))
        .assertNext(result -> assertThat(result.wasApplied()).isFalse())
        .verifyComplete();
    StepVerifier.create(template.exists(new TrackKey("c", 2), Track.class))
        .expectNext(false)
        .verifyComplete();
    UpdateOptions ifTitle = UpdateOptions.builder().ifCondition("title = ?", "First").build();
    StepVerifier.create(template.update(new Track("c", 1, "Renamed"), ifTitle))
        .assertNext(result -> assertThat(result.wasApplied()).isTrue())
        .verifyComplete();

    StepVerifier.create(
            template.insert(
                new Track("c", 3, "Brief"),
                InsertOptions.builder().ttl(Duration.ofSeconds(3600)).build()))
        .assertNext(result -> assertThat(result.wasApplied()).isTrue())
        .verifyComplete();
    long ttl =
        session
            .execute("SELECT TTL(title) FROM track WHERE album = 'c' AND number = 3")
            .one()
            .getInt(0);
    assertThat(ttl).isBetween(1L, 3600L);

    DeleteOptions deleteIfExists = DeleteOptions.builder().ifExists(true).build();
    StepVerifier.create(template.delete(new Track("c", 1, "Renamed"), deleteIfExists))
        .assertNext(result -> assertThat(result.wasApplied()).isTrue())
        .verifyComplete();
    StepVerifier.create(template.delete(new Track("c", 1, "Renamed"), deleteIfExists))
        .assertNext(result -> assertThat(result.wasApplied()).isFalse())
        .verifyComplete();
    StepVerifier.create(template.selectOneById(new TrackKey("c", 1), Track.class)).verifyComplete();
  }

  @Test
  void should_signal_typed_errors_and_stay_usable() {
    StepVerifier.create(template.insert(new Loose("x")))
        .expectErrorSatisfies(
            error ->
                assertThat(error)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("is not a table entity"))
        .verify(WAIT);
    StepVerifier.create(template.select("SELECT * FROM no_such_table", Track.class))
        .expectErrorSatisfies(
            error ->
                assertThat(error)
                    .isInstanceOf(org.springframework.dao.DataAccessException.class)
                    .hasMessageContaining("no_such_table"))
        .verify(WAIT);
    StepVerifier.create(template.select("SELEKT * FROM track", Track.class))
        .expectError(CqlSyntaxException.class)
        .verify(WAIT);
    StepVerifier.create(
            template.insert(new Track("d", 1, "After")).then(template.count(Track.class)))
        .expectNext(1L)
        .verifyComplete();
  }
}
