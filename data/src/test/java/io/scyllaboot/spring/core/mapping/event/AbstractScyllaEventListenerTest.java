package io.scyllaboot.spring.core.mapping.event;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.cql.Row;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Spring Data Cassandra's AbstractCassandraEventListener: one method per event kind, called only
 * for events of its entity type, as an application listener bean.
 */
class AbstractScyllaEventListenerTest {

  /** A row nobody reads: the events carry it, the listener does not look at it. */
  private static final Row ROW =
      (Row)
          Proxy.newProxyInstance(
              Row.class.getClassLoader(), new Class<?>[] {Row.class}, (p, m, a) -> null);

  record Person(String name) {}

  record Pet(String name) {}

  static class PersonListener extends AbstractScyllaEventListener<Person> {
    final List<String> calls = new ArrayList<>();

    @Override
    public void onBeforeSave(BeforeSaveEvent<Person> event) {
      calls.add("beforeSave " + event.getSource().name());
    }

    @Override
    public void onAfterSave(AfterSaveEvent<Person> event) {
      calls.add("afterSave " + event.getSource().name());
    }

    @Override
    public void onBeforeDelete(BeforeDeleteEvent<Person> event) {
      calls.add("beforeDelete " + event.getTableName());
    }

    @Override
    public void onAfterDelete(AfterDeleteEvent<Person> event) {
      calls.add("afterDelete " + event.getTableName());
    }

    @Override
    public void onAfterLoad(AfterLoadEvent<Person> event) {
      calls.add("afterLoad " + event.getTableName());
    }

    @Override
    public void onAfterConvert(AfterConvertEvent<Person> event) {
      calls.add("afterConvert " + event.getEntity().name());
    }
  }

  @Configuration
  static class Config {
    @Bean
    PersonListener personListener() {
      return new PersonListener();
    }
  }

  @Test
  void eachEventOfItsEntityTypeReachesItsMethodAndOtherTypesAreSkipped() {
    try (var context = new AnnotationConfigApplicationContext(Config.class)) {
      context.publishEvent(new BeforeSaveEvent<>(new Person("ann"), "person", null));
      context.publishEvent(new AfterSaveEvent<>(new Person("ann"), "person"));
      context.publishEvent(new BeforeDeleteEvent<>("id", Person.class, "person", null));
      context.publishEvent(new AfterDeleteEvent<>("id", Person.class, "person"));
      context.publishEvent(new AfterLoadEvent<>(ROW, Person.class, "person"));
      context.publishEvent(new AfterConvertEvent<>(ROW, new Person("bob"), "person"));
      context.publishEvent(new AfterSaveEvent<>(new Pet("rex"), "pet"));
      context.publishEvent(new AfterDeleteEvent<>("id", Pet.class, "pet"));
      context.publishEvent(new AfterLoadEvent<>(ROW, Pet.class, "pet"));
      context.publishEvent(new AfterConvertEvent<>(ROW, new Pet("rex"), "pet"));

      assertThat(context.getBean(PersonListener.class).calls)
          .containsExactly(
              "beforeSave ann",
              "afterSave ann",
              "beforeDelete person",
              "afterDelete person",
              "afterLoad person",
              "afterConvert bob");
    }
  }

  @Test
  void aListenerOfObjectHearsEveryEntity() {
    var calls = new ArrayList<String>();
    var listener =
        new AbstractScyllaEventListener<Object>() {
          @Override
          public void onAfterSave(AfterSaveEvent<Object> event) {
            calls.add(event.getTableName());
          }
        };
    listener.onApplicationEvent(new AfterSaveEvent<>(new Person("ann"), "person"));
    listener.onApplicationEvent(new AfterSaveEvent<>(new Pet("rex"), "pet"));
    assertThat(calls).containsExactly("person", "pet");
  }
}
