package io.scyllaboot.driver.api.metadata;

import io.scyllaboot.driver.api.type.UdtValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** A user-defined type: its fields in declaration order. */
public interface UserTypeMetadata {

  String keyspace();

  String name();

  /** The field names, in declaration order. */
  List<String> fieldNames();

  /** The field types as the server writes them, in the order of {@link #fieldNames()}. */
  List<String> fieldTypes();

  /**
   * A value of this type: the values fill the fields in declaration order, the fields after them
   * are null (the DataStax driver's {@code UserDefinedType.newValue(..)}).
   *
   * @throws IllegalArgumentException when there are more values than fields
   */
  default UdtValue newValue(Object... values) {
    List<String> names = fieldNames();
    if (values.length > names.size()) {
      throw new IllegalArgumentException(
          keyspace()
              + "."
              + name()
              + " has "
              + names.size()
              + " fields, "
              + values.length
              + " values given");
    }
    Map<String, Object> fields = new LinkedHashMap<>();
    for (int i = 0; i < names.size(); i++) {
      fields.put(names.get(i), i < values.length ? values[i] : null);
    }
    return UdtValue.of(fields);
  }

  /** The type of a field, or null when the type has no such field. */
  default @Nullable String fieldType(String field) {
    int index = fieldNames().indexOf(field);
    return index < 0 ? null : fieldTypes().get(index);
  }
}
