package io.scyllaboot.driver.api.cql;

import io.scyllaboot.driver.api.type.GenericType;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * {@link Row#get(int, GenericType)}'s dispatch, by index or by name: a list, set or map of classes
 * as {@code getList}, {@code getSet} and {@code getMap} read it, anything else as its raw class.
 */
final class GenericReads {
  private GenericReads() {}

  static <T> @Nullable T read(
      GenericType<T> type,
      Function<Class<?>, List<?>> list,
      Function<Class<?>, Set<?>> set,
      BiFunction<Class<?>, Class<?>, Map<?, ?>> map,
      Function<Class<?>, @Nullable Object> raw) {
    Class<?> rawType = type.rawType();
    Class<?>[] arguments = type.classArguments();
    Object value;
    if (rawType == List.class && arguments.length == 1) {
      value = list.apply(arguments[0]);
    } else if (rawType == Set.class && arguments.length == 1) {
      value = set.apply(arguments[0]);
    } else if (rawType == Map.class && arguments.length == 2) {
      value = map.apply(arguments[0], arguments[1]);
    } else {
      value = raw.apply(rawType);
    }
    @SuppressWarnings("unchecked")
    T typed = (T) value;
    return typed;
  }
}
