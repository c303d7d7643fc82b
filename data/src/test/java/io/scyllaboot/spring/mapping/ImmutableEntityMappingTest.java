package io.scyllaboot.spring.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.spring.mapping.ImmutableEntities.Gadget;
import io.scyllaboot.spring.mapping.ImmutableEntities.Note;
import io.scyllaboot.spring.mapping.ImmutableEntities.Tag;
import java.lang.reflect.Proxy;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Records and classes with final fields are read through their constructor and withers. */
class ImmutableEntityMappingTest {
  private final ScyllaMappingContext context = new ScyllaMappingContext();
  private final ScyllaEntityConverter converter = new ScyllaEntityConverter(context);

  @SuppressWarnings("unchecked")
  private <T> ScyllaPersistentEntity<T> entity(Class<T> type) {
    return (ScyllaPersistentEntity<T>) context.getRequiredPersistentEntity(type);
  }

  @Test
  void read_setsAPropertyOutsideTheConstructor_throughItsWither() {
    Map<String, Object> columns = new LinkedHashMap<>();
    columns.put("id", "g1");
    columns.put("label", "lamp");
    columns.put("size", 7);

    Gadget read = converter.read(entity(Gadget.class), row(columns));

    assertThat(read).isEqualTo(new Gadget("g1", "lamp").withSize(7));
  }

  @Test
  void writeThenRead_roundTripsFinalFieldClassesAndRecords() {
    Gadget gadget = new Gadget("g2", "desk").withSize(3);
    assertThat(
            converter.read(
                entity(Gadget.class), row(converter.write(entity(Gadget.class), gadget))))
        .isEqualTo(gadget);
    Tag tag =
        converter.read(entity(Tag.class), row(converter.write(entity(Tag.class), new Tag("t", 5))));
    assertThat(tag.name()).isEqualTo("t");
    assertThat(tag.uses()).isEqualTo(5);
    Note note = new Note("n", "hello", 4);
    assertThat(converter.read(entity(Note.class), row(converter.write(entity(Note.class), note))))
        .isEqualTo(note);
  }

  @Test
  void read_missingPrimitiveColumn_givesTheConstructorItsDefault() {
    Map<String, Object> columns = new LinkedHashMap<>();
    columns.put("id", "n");
    columns.put("text", "t");
    columns.put("stars", null);
    assertThat(converter.read(entity(Note.class), row(columns))).isEqualTo(new Note("n", "t", 0));
  }

  private static Row row(Map<String, Object> columns) {
    return (Row)
        Proxy.newProxyInstance(
            Row.class.getClassLoader(),
            new Class<?>[] {Row.class},
            (proxy, method, args) -> {
              if (method.getName().equals("getObject") && args[0] instanceof String name) {
                return columns.get(name);
              }
              throw new UnsupportedOperationException(method.getName());
            });
  }
}
