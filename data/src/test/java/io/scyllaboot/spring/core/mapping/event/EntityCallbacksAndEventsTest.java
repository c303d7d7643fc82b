package io.scyllaboot.spring.core.mapping.event;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.spring.core.RecordingSession;
import io.scyllaboot.spring.core.ScyllaTemplate;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.EventListener;

/**
 * The template runs the context's entity callbacks in order around its writes and reads, and
 * publishes the mapping events; what a callback returns is what is written and returned.
 */
class EntityCallbacksAndEventsTest {

  @Table("pet")
  record Pet(@PartitionKey String id, String name) {}

  static final List<String> calls = new ArrayList<>();
  static final List<ApplicationEvent> events = new ArrayList<>();

  @Configuration(proxyBeanMethods = false)
  static class Callbacks {
    @Bean
    BeforeConvertCallback<Pet> upperCase() {
      return (pet, table) -> {
        calls.add("beforeConvert " + table + " " + pet.name());
        return new Pet(pet.id(), pet.name().toUpperCase());
      };
    }

    @Bean
    BeforeSaveCallback<Pet> beforeSave() {
      return (Pet pet, String table, Statement<?> statement) -> {
        calls.add("beforeSave " + pet.name() + " " + (statement != null));
        return pet;
      };
    }

    @Bean
    AfterConvertCallback<Pet> afterConvert() {
      return (pet, table) -> {
        calls.add("afterConvert " + pet.name());
        return new Pet(pet.id(), pet.name() + "!");
      };
    }

    @EventListener
    void on(ScyllaMappingEvent<?> event) {
      events.add(event);
    }
  }

  private final RecordingSession recording = new RecordingSession();
  private final AnnotationConfigApplicationContext context =
      new AnnotationConfigApplicationContext(Callbacks.class);
  private final ScyllaTemplate template = new ScyllaTemplate(recording.session);

  EntityCallbacksAndEventsTest() {
    calls.clear();
    events.clear();
    template.setApplicationContext(context);
  }

  @AfterEach
  void close() {
    context.close();
  }

  @Test
  void should_write_what_the_callbacks_return_and_publish_save_events() {
    Pet written = template.insert(new Pet("p1", "rex"));

    assertThat(calls).containsExactly("beforeConvert pet rex", "beforeSave REX true");
    assertThat(written).isEqualTo(new Pet("p1", "REX"));
    assertThat(recording.bound.get(0)).containsExactly("p1", "REX");
    assertThat(events).hasSize(2);
    assertThat(events.get(0)).isInstanceOf(BeforeSaveEvent.class);
    assertThat(((BeforeSaveEvent<?>) events.get(0)).getStatement()).isNotNull();
    assertThat(((BeforeSaveEvent<?>) events.get(0)).getTableName()).isEqualTo("pet");
    assertThat(events.get(1)).isInstanceOf(AfterSaveEvent.class);
    assertThat(events.get(1).getSource()).isEqualTo(new Pet("p1", "REX"));
  }

  @Test
  void should_convert_then_call_back_on_reads_and_publish_load_events() {
    recording.answerRows(List.of(Map.of("id", "p2", "name", "Fido")));

    Pet read = template.selectOneById("p2", Pet.class);

    assertThat(read).isEqualTo(new Pet("p2", "Fido!"));
    assertThat(calls).containsExactly("afterConvert Fido");
    // AfterConvertEvent carries the entity as converted, before the after-convert callbacks.
    assertThat(events).hasSize(2);
    assertThat(events.get(0)).isInstanceOf(AfterLoadEvent.class);
    assertThat(((AfterLoadEvent<?>) events.get(0)).getType()).isEqualTo(Pet.class);
    assertThat(((AfterConvertEvent<?>) events.get(1)).getEntity()).isEqualTo(new Pet("p2", "Fido"));
  }

  @Test
  void should_publish_delete_events_with_the_entity_or_the_id() {
    template.delete(new Pet("p3", "Rex"));
    template.deleteById("p4", Pet.class);

    assertThat(events)
        .extracting(event -> event.getClass().getSimpleName())
        .containsExactly(
            "BeforeDeleteEvent", "AfterDeleteEvent", "BeforeDeleteEvent", "AfterDeleteEvent");
    assertThat(events)
        .extracting(ApplicationEvent::getSource)
        .containsExactly(new Pet("p3", "Rex"), new Pet("p3", "Rex"), "p4", "p4");
    assertThat(calls).isEmpty();
  }

  @Test
  void should_call_back_before_converting_the_entities_of_a_batch() {
    template.batchOps().insert(new Pet("p6", "rex"), new Pet("p7", "fido")).execute();
    assertThat(calls).containsExactly("beforeConvert pet rex", "beforeConvert pet fido");
    assertThat(recording.bound).extracting(values -> values[1]).containsExactly("REX", "FIDO");
  }

  @Test
  void should_publish_nothing_when_events_are_disabled() {
    template.setEntityLifecycleEventsEnabled(false);
    template.insert(new Pet("p5", "rex"));
    assertThat(events).isEmpty();
    assertThat(calls).hasSize(2);
  }
}
