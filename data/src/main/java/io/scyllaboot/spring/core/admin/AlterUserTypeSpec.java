package io.scyllaboot.spring.core.admin;

import io.scyllaboot.spring.mapping.CqlIdentifiers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Changes to a user-defined type: fields to add and fields to rename. CQL adds one field per {@code
 * ALTER TYPE} and renames several in one; they run in order: adds, then the renames. A field's type
 * cannot change (neither Cassandra nor ScyllaDB allow it). Not thread-safe; build one per change.
 */
public final class AlterUserTypeSpec {
  private final String keyspace;
  private final String name;
  private final Map<String, String> added = new LinkedHashMap<>();
  private final Map<String, String> renamed = new LinkedHashMap<>();

  private AlterUserTypeSpec(String keyspace, String name) {
    this.keyspace = CqlLiterals.requireName(keyspace, "a user-defined type needs a keyspace");
    this.name = CqlLiterals.requireName(name, "a user-defined type needs a name");
  }

  public static AlterUserTypeSpec type(String keyspace, String type) {
    return new AlterUserTypeSpec(keyspace, type);
  }

  /** Adds a field of this CQL type. */
  public AlterUserTypeSpec add(String field, String type) {
    CqlLiterals.requireName(field, "add needs a field name");
    added.put(field, CqlLiterals.requireType(type, "field " + field));
    return this;
  }

  /** Renames a field. */
  public AlterUserTypeSpec rename(String from, String to) {
    CqlLiterals.requireName(from, "rename needs the field's name");
    CqlLiterals.requireName(to, "rename of " + from + " needs a new name");
    if (renamed.containsKey(from)) {
      throw new IllegalArgumentException("field " + from + " is renamed twice");
    }
    renamed.put(from, to);
    return this;
  }

  public String keyspace() {
    return keyspace;
  }

  public String name() {
    return name;
  }

  /** The statements, in the order they run; none when nothing changes. */
  public List<String> cql() {
    String type = "ALTER TYPE " + CqlLiterals.qualified(keyspace, name);
    List<String> statements = new ArrayList<>();
    added.forEach(
        (field, fieldType) ->
            statements.add(type + " ADD " + CqlIdentifiers.cql(field) + " " + fieldType));
    if (!renamed.isEmpty()) {
      List<String> renames = new ArrayList<>();
      renamed.forEach(
          (from, to) -> renames.add(CqlIdentifiers.cql(from) + " TO " + CqlIdentifiers.cql(to)));
      statements.add(type + " RENAME " + String.join(" AND ", renames));
    }
    return statements;
  }
}
