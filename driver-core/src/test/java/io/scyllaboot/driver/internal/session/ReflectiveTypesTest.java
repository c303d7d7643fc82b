package io.scyllaboot.driver.internal.session;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.benmanes.caffeine.cache.Cache;
import io.scyllaboot.driver.internal.metrics.NoopSessionMetrics;
import io.scyllaboot.driver.internal.util.ReflectiveTypes;
import java.lang.reflect.Field;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The native-image list names what the driver really reaches by reflection. */
class ReflectiveTypesTest {

  @Test
  void should_list_the_classes_caffeine_generates_for_the_statement_cache() throws Exception {
    PreparedStatementCache statements =
        new PreparedStatementCache(
            16, NoopSessionMetrics.INSTANCE, cql -> new CompletableFuture<>());
    // The public cache wraps the generated cache class, whose map holds generated node classes.
    Cache<String, Object> manual = castCache(field(statements, "cache"));
    manual.put("q", "any value: only the node's class matters");
    Object local = field(manual, "cache");
    Object node = ((Map<?, ?>) field(local, "data")).values().iterator().next();

    assertThat(ReflectiveTypes.CONSTRUCTED)
        .contains(local.getClass().getName(), node.getClass().getName());
  }

  @Test
  void should_name_classes_that_exist_with_the_members_reflection_reaches() throws Exception {
    for (String name : ReflectiveTypes.CONSTRUCTED) {
      assertThat(Class.forName(name).getDeclaredConstructors()).as(name).isNotEmpty();
    }
    for (String name : ReflectiveTypes.INSTANCE_FIELDS) {
      assertThat(Class.forName(name).getField("INSTANCE")).as(name).isNotNull();
    }
  }

  @SuppressWarnings("unchecked")
  private static Cache<String, Object> castCache(Object cache) {
    return (Cache<String, Object>) cache;
  }

  private static Object field(Object owner, String name) throws ReflectiveOperationException {
    for (Class<?> type = owner.getClass(); type != null; type = type.getSuperclass()) {
      try {
        Field field = type.getDeclaredField(name);
        field.setAccessible(true);
        return field.get(owner);
      } catch (NoSuchFieldException e) {
        // declared higher up
      }
    }
    throw new NoSuchFieldException(name);
  }
}
