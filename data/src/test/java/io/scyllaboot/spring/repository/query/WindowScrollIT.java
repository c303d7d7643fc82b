package io.scyllaboot.spring.repository.query;

import static io.scyllaboot.spring.core.query.Criteria.where;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.PagingState;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.TestKeyspaceExtension;
import io.scyllaboot.spring.core.ScyllaTemplate;
import io.scyllaboot.spring.core.query.Query;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.ClusteringColumn;
import io.scyllaboot.spring.mapping.MapId;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.reactive.ReactiveScyllaTemplate;
import io.scyllaboot.spring.repository.CqlScrollPosition;
import io.scyllaboot.spring.repository.ReactiveScyllaRepository;
import io.scyllaboot.spring.repository.ScyllaRepository;
import io.scyllaboot.spring.repository.support.ReactiveScyllaRepositoryFactory;
import io.scyllaboot.spring.repository.support.ScyllaRepositoryFactory;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Window;
import reactor.core.publisher.Mono;

/**
 * The {@code Window} scroll API against the real node: repository methods taking a {@code
 * ScrollPosition} and a {@code Limit}, and the templates' {@code scroll(Query, Class)}, blocking
 * and reactive, with the paging state as the position ({@link CqlScrollPosition}).
 */
@ExtendWith(CassandraNodeExtension.class)
class WindowScrollIT {
  @RegisterExtension
  static final TestKeyspaceExtension keyspace =
      new TestKeyspaceExtension(
          "window_scroll", "reading (sensor text, at int, value double, PRIMARY KEY (sensor, at))");

  private static ScyllaTemplate template;
  private static ReactiveScyllaTemplate reactiveTemplate;
  private static ReadingRepository readings;
  private static ReactiveReadingRepository reactive;

  @Table("reading")
  record Reading(@PartitionKey String sensor, @ClusteringColumn int at, double value) {}

  interface ReadingRepository extends ScyllaRepository<Reading, MapId> {
    Window<Reading> findBySensor(String sensor, ScrollPosition position, Limit limit);

    @io.scyllaboot.spring.repository.Query("SELECT * FROM reading WHERE sensor = ?0")
    Window<Reading> bySensor(String sensor, ScrollPosition position, Limit limit);
  }

  interface ReactiveReadingRepository extends ReactiveScyllaRepository<Reading, MapId> {
    Mono<Window<Reading>> findBySensor(String sensor, ScrollPosition position, Limit limit);
  }

  @BeforeAll
  static void rows() {
    CqlSession session = keyspace.session();
    ScyllaEntityConverter converter = new ScyllaEntityConverter(new ScyllaMappingContext());
    template = new ScyllaTemplate(session, converter);
    reactiveTemplate = new ReactiveScyllaTemplate(session);
    readings = new ScyllaRepositoryFactory(template, null).getRepository(ReadingRepository.class);
    reactive =
        new ReactiveScyllaRepositoryFactory(
                session, new ScyllaExceptionTranslator(), converter, null)
            .getRepository(ReactiveReadingRepository.class);
    for (int at = 1; at <= 5; at++) {
      template.insert(new Reading("a", at, at));
    }
  }

  /** Every window's ats, scrolling from the initial position to the end. */
  private static List<List<Integer>> scrollAll(
      java.util.function.Function<ScrollPosition, Window<Reading>> next) {
    List<List<Integer>> windows = new ArrayList<>();
    Window<Reading> window = next.apply(CqlScrollPosition.initial());
    windows.add(window.map(Reading::at).getContent());
    while (window.hasNext()) {
      window = next.apply(window.positionAt(window.size() - 1));
      windows.add(window.map(Reading::at).getContent());
    }
    return windows;
  }

  @Test
  void derived_and_annotated_methods_scroll_by_paging_state() {
    assertThat(scrollAll(position -> readings.findBySensor("a", position, Limit.of(2))))
        .containsExactly(List.of(1, 2), List.of(3, 4), List.of(5));
    assertThat(scrollAll(position -> readings.bySensor("a", position, Limit.of(3))))
        .containsExactly(List.of(1, 2, 3), List.of(4, 5));
  }

  @Test
  void a_position_survives_as_text() {
    Window<Reading> first = readings.findBySensor("a", CqlScrollPosition.initial(), Limit.of(4));
    String stored = ((CqlScrollPosition) first.positionAt(3)).getPagingState().toString();
    Window<Reading> rest =
        readings.findBySensor(
            "a", CqlScrollPosition.of(PagingState.fromString(stored)), Limit.of(4));
    assertThat(rest.map(Reading::at).getContent()).containsExactly(5);
    assertThat(rest.hasNext()).isFalse();
  }

  @Test
  void reactive_repositories_scroll_too() {
    assertThat(scrollAll(position -> reactive.findBySensor("a", position, Limit.of(2)).block()))
        .containsExactly(List.of(1, 2), List.of(3, 4), List.of(5));
  }

  @Test
  void the_templates_scroll_a_query() {
    Query query = Query.query(where("sensor").is("a")).pageSize(3);
    assertThat(
            scrollAll(position -> template.scroll(query.scrollPosition(position), Reading.class)))
        .containsExactly(List.of(1, 2, 3), List.of(4, 5));
    assertThat(
            scrollAll(
                position ->
                    reactiveTemplate.scroll(query.scrollPosition(position), Reading.class).block()))
        .containsExactly(List.of(1, 2, 3), List.of(4, 5));
  }

  @Test
  void what_cannot_scroll_fails_with_a_message_saying_why() {
    assertThatThrownBy(() -> readings.findBySensor("a", ScrollPosition.offset(2), Limit.of(2)))
        .hasMessageContaining("CqlScrollPosition");
    assertThatThrownBy(
            () -> readings.findBySensor("a", CqlScrollPosition.initial(), Limit.unlimited()))
        .hasMessageContaining("a Window needs a page size");
    Window<Reading> first = readings.findBySensor("a", CqlScrollPosition.initial(), Limit.of(2));
    assertThatThrownBy(() -> first.positionAt(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("only the last element");
  }
}
