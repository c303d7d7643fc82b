package io.scyllaboot.driver.api.metadata;

import java.util.List;
import org.jspecify.annotations.Nullable;

/** A user-defined type: its fields in declaration order. */
public interface UserTypeMetadata {

  String keyspace();

  String name();

  /** The field names, in declaration order. */
  List<String> fieldNames();

  /** The field types as the server writes them, in the order of {@link #fieldNames()}. */
  List<String> fieldTypes();

  /** The type of a field, or null when the type has no such field. */
  default @Nullable String fieldType(String field) {
    int index = fieldNames().indexOf(field);
    return index < 0 ? null : fieldTypes().get(index);
  }
}
