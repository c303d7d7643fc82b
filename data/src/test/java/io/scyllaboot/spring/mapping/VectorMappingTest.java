package io.scyllaboot.spring.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.cql.Row;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.data.domain.Vector;

/** Float vector properties: written as the driver binds them, read without boxing (no server). */
class VectorMappingTest {
  private final ScyllaMappingContext context = new ScyllaMappingContext();
  private final ScyllaEntityConverter converter = new ScyllaEntityConverter(context);

  @Table
  record Doc(
      @PartitionKey int id,
      @VectorType(dimensions = 2) float[] embedding,
      @VectorType(dimensions = 2) Vector position,
      @VectorType(dimensions = 2) List<Float> boxed) {}

  @SuppressWarnings("unchecked")
  private ScyllaPersistentEntity<Doc> entity() {
    return (ScyllaPersistentEntity<Doc>) context.getRequiredPersistentEntity(Doc.class);
  }

  @Test
  void should_write_a_vector_as_a_float_array_and_keep_arrays_and_lists() {
    Map<String, Object> values =
        converter.write(
            entity(), new Doc(1, new float[] {1, 2}, Vector.of(3.0, 4.0), List.of(5f, 6f)));

    assertThat(values.get("embedding")).isEqualTo(new float[] {1, 2});
    assertThat(values.get("position")).isEqualTo(new float[] {3, 4});
    assertThat(values.get("boxed")).isEqualTo(List.of(5f, 6f));
  }

  @Test
  void should_read_float_arrays_and_vectors_through_get_float_vector() {
    AtomicInteger unboxedReads = new AtomicInteger();
    Row row =
        (Row)
            Proxy.newProxyInstance(
                Row.class.getClassLoader(),
                new Class<?>[] {Row.class},
                (proxy, method, args) ->
                    switch (method.getName()) {
                      case "getFloatVector" -> {
                        unboxedReads.incrementAndGet();
                        yield args[0].equals("embedding") ? new float[] {1, 2} : new float[] {3, 4};
                      }
                      case "getObject" -> args[0].equals("id") ? 7 : List.of(5f, 6f);
                      default -> throw new UnsupportedOperationException(method.getName());
                    });

    Doc doc = converter.read(entity(), row);

    assertThat(doc.id()).isEqualTo(7);
    assertThat(doc.embedding()).containsExactly(1, 2);
    assertThat(doc.position().toFloatArray()).containsExactly(3, 4);
    assertThat(doc.boxed()).containsExactly(5f, 6f);
    assertThat(unboxedReads).hasValue(2); // the float[] and the Vector, not the List<Float>
  }

  @Test
  void should_read_a_boxed_list_into_a_float_array_or_a_vector() {
    assertThat(converter.readValue(List.of(1f, 2.5f), float[].class)).containsExactly(1f, 2.5f);
    assertThat(converter.readValue(List.of(1f, 2.5f), Vector.class).toFloatArray())
        .containsExactly(1f, 2.5f);
  }
}
