package io.scyllaboot.spring.mapping;

/** Numbers read from the driver as the numeric (or primitive) type a property declares. */
final class PropertyNumbers {
  private PropertyNumbers() {}

  /** The value a primitive property takes for a null column. */
  static Object primitiveDefault(Class<?> type) {
    if (type == boolean.class) {
      return false;
    }
    if (type == char.class) {
      return '\0';
    }
    return convert(0, type);
  }

  static Object convert(Number number, Class<?> type) {
    if (type == long.class || type == Long.class) {
      return number.longValue();
    }
    if (type == int.class || type == Integer.class) {
      return number.intValue();
    }
    if (type == short.class || type == Short.class) {
      return number.shortValue();
    }
    if (type == byte.class || type == Byte.class) {
      return number.byteValue();
    }
    if (type == double.class || type == Double.class) {
      return number.doubleValue();
    }
    if (type == float.class || type == Float.class) {
      return number.floatValue();
    }
    return number;
  }
}
