package io.scyllaboot.spring.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.spring.core.mapping.event.AfterConvertEvent;
import io.scyllaboot.spring.core.mapping.event.AfterDeleteEvent;
import io.scyllaboot.spring.core.mapping.event.AfterLoadEvent;
import io.scyllaboot.spring.core.mapping.event.BeforeDeleteEvent;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Spring Data Cassandra's {@code BeforeDeleteEvent} (before the delete runs) and {@code
 * AfterConvertEvent} (after a row became an entity), published by the template with no server.
 */
class DeleteAndConvertEventsTest {

  @Table
  record Person(@PartitionKey String id, String name) {}

  private final RecordingSession recording = new RecordingSession();
  private final List<Object> events = new ArrayList<>();
  private final ScyllaTemplate template =
      new ScyllaTemplate(recording.session, new ScyllaEntityConverter(new ScyllaMappingContext()));

  {
    template.setApplicationEventPublisher(events::add);
  }

  @Test
  void delete_publishesBeforeDeleteEvent_withItsStatement_thenAfterDeleteEvent() {
    Person ada = new Person("p1", "Ada");

    template.delete(ada);

    assertThat(events).hasSize(2);
    assertThat(events.get(0))
        .isInstanceOfSatisfying(
            BeforeDeleteEvent.class,
            event -> {
              assertThat(event.getSource()).isEqualTo(ada);
              assertThat(event.getType()).isEqualTo(Person.class);
              assertThat(event.getTableName()).isEqualTo("person");
              assertThat(event.getStatement()).isNotNull();
            });
    assertThat(events.get(1)).isInstanceOf(AfterDeleteEvent.class);
  }

  @Test
  void deleteById_publishesBeforeDeleteEvent_withTheId() {
    template.deleteById("p1", Person.class);

    assertThat(events.get(0))
        .isInstanceOfSatisfying(
            BeforeDeleteEvent.class, event -> assertThat(event.getSource()).isEqualTo("p1"));
    assertThat(events.get(1)).isInstanceOf(AfterDeleteEvent.class);
  }

  @Test
  void select_publishesAfterLoadEvent_thenAfterConvertEvent_withTheRowAndTheEntity() {
    recording.answerRows(List.of(Map.of("id", "p1", "name", "Ada")));

    List<Person> people =
        template.select(io.scyllaboot.spring.core.query.Query.empty(), Person.class);

    assertThat(people).containsExactly(new Person("p1", "Ada"));
    assertThat(events.get(0)).isInstanceOf(AfterLoadEvent.class);
    assertThat(events.get(1))
        .isInstanceOfSatisfying(
            AfterConvertEvent.class,
            event -> {
              assertThat(event.getEntity()).isEqualTo(new Person("p1", "Ada"));
              assertThat(event.getSource())
                  .isSameAs(((AfterLoadEvent<?>) events.get(0)).getSource());
              assertThat(event.getTableName()).isEqualTo("person");
            });
  }
}
