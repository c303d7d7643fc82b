package io.scyllaboot.driver.api.metadata;

import java.util.Map;
import java.util.Optional;

/** A keyspace: its replication, tables, materialized views and user-defined types. */
public interface KeyspaceMetadata {

  String name();

  /**
   * The replication options as the server stores them: {@code class} (the strategy's full class
   * name) and the factors, e.g. {@code replication_factor} or one entry per data center.
   */
  Map<String, String> replication();

  /** Whether writes go through the commit log ({@code durable_writes}). */
  boolean durableWrites();

  /** Its tables by name, in name order (materialized views are in {@link #views()}, not here). */
  Map<String, TableMetadata> tables();

  /** Its materialized views by name. */
  Map<String, ViewMetadata> views();

  /** Its user-defined types by name. */
  Map<String, UserTypeMetadata> userTypes();

  default Optional<TableMetadata> table(String name) {
    return Optional.ofNullable(tables().get(name));
  }

  default Optional<ViewMetadata> view(String name) {
    return Optional.ofNullable(views().get(name));
  }

  default Optional<UserTypeMetadata> userType(String name) {
    return Optional.ofNullable(userTypes().get(name));
  }
}
