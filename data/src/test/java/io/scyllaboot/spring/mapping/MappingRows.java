package io.scyllaboot.spring.mapping;

import io.scyllaboot.driver.api.cql.Row;
import java.lang.reflect.Proxy;
import java.util.Map;

/** Rows for converter tests: getObject(name) answers from a map, as the driver decodes columns. */
final class MappingRows {
  private MappingRows() {}

  static Row row(Map<String, Object> columns) {
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
