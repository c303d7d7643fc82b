package io.scyllaboot.spring.core.admin;

import io.scyllaboot.spring.mapping.CqlIdentifiers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A user-defined type to create: its fields with their CQL types, written as given (e.g. {@code
 * text}, {@code frozen<address>}, {@code list<int>}). Names are as the server stores them and
 * quoted when CQL needs it. Not thread-safe; build one per statement.
 *
 * <pre>{@code
 * admin.createUserType(UserTypeSpec.named("shop", "address")
 *     .field("street", "text")
 *     .field("zip", "int"));
 * }</pre>
 */
public final class UserTypeSpec {
  private final String keyspace;
  private final String name;
  private final Map<String, String> fields = new LinkedHashMap<>();
  private boolean ifNotExists = true;

  private UserTypeSpec(String keyspace, String name) {
    this.keyspace = CqlLiterals.requireName(keyspace, "a user-defined type needs a keyspace");
    this.name = CqlLiterals.requireName(name, "a user-defined type needs a name");
  }

  public static UserTypeSpec named(String keyspace, String type) {
    return new UserTypeSpec(keyspace, type);
  }

  /** Adds a field of this CQL type (in field order). */
  public UserTypeSpec field(String field, String type) {
    CqlLiterals.requireName(field, "a field of " + name + " needs a name");
    if (fields.containsKey(field)) {
      throw new IllegalArgumentException(
          "user-defined type " + name + " has field " + field + " twice");
    }
    fields.put(field, CqlLiterals.requireType(type, "field " + field));
    return this;
  }

  /** Whether {@code CREATE} adds {@code IF NOT EXISTS}; default true. */
  public UserTypeSpec ifNotExists(boolean ifNotExists) {
    this.ifNotExists = ifNotExists;
    return this;
  }

  public String keyspace() {
    return keyspace;
  }

  public String name() {
    return name;
  }

  /** The {@code CREATE TYPE} statement. */
  public String createCql() {
    if (fields.isEmpty()) {
      throw new IllegalStateException(
          "user-defined type " + keyspace + "." + name + " has no field");
    }
    List<String> declarations = new ArrayList<>();
    fields.forEach((field, type) -> declarations.add(CqlIdentifiers.cql(field) + " " + type));
    return "CREATE TYPE "
        + (ifNotExists ? "IF NOT EXISTS " : "")
        + CqlLiterals.qualified(keyspace, name)
        + " ("
        + String.join(", ", declarations)
        + ")";
  }
}
