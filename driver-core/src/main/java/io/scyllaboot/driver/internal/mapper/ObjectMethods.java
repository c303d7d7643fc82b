package io.scyllaboot.driver.internal.mapper;

import java.lang.reflect.Method;

/** {@code equals}, {@code hashCode} and {@code toString} of the mapper's proxies: identity. */
final class ObjectMethods {
  private ObjectMethods() {}

  static Object invoke(Object proxy, Method method, Object[] args, String description) {
    return switch (method.getName()) {
      case "equals" -> proxy == args[0];
      case "hashCode" -> System.identityHashCode(proxy);
      default -> description;
    };
  }
}
