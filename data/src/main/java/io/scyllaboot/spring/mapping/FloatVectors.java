package io.scyllaboot.spring.mapping;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.springframework.data.domain.Vector;

/**
 * Float vector values between the driver's forms ({@code float[]} from {@code getFloatVector}, a
 * {@code List<Float>} from {@code getObject}) and a property's: {@code float[]}, Spring Data {@link
 * Vector} or {@code List<Float>}.
 */
final class FloatVectors {
  private FloatVectors() {}

  /**
   * The value as the declared type, or null when this is not a float vector conversion (the
   * converter's other rules apply).
   */
  static Object read(Class<?> type, Object value) {
    if (value instanceof float[] floats) {
      if (type == float[].class) {
        return floats;
      }
      if (Vector.class.isAssignableFrom(type)) {
        return Vector.unsafe(floats); // a new array per read: nothing else holds it
      }
      if (type.isAssignableFrom(List.class)) {
        List<Float> list = new ArrayList<>(floats.length);
        for (float f : floats) {
          list.add(f);
        }
        return list;
      }
      return null;
    }
    if (value instanceof Collection<?> numbers && isFloatArrayLike(type)) {
      float[] floats = new float[numbers.size()];
      int i = 0;
      for (Object number : numbers) {
        floats[i++] = ((Number) number).floatValue();
      }
      return type == float[].class ? floats : Vector.unsafe(floats);
    }
    return null;
  }

  private static boolean isFloatArrayLike(Class<?> type) {
    return type == float[].class || Vector.class.isAssignableFrom(type);
  }
}
