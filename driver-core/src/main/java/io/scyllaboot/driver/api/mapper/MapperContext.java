package io.scyllaboot.driver.api.mapper;

import io.scyllaboot.driver.api.CqlSession;
import org.jspecify.annotations.Nullable;

/** What a query provider is built with: the session and the DAO's keyspace and table. */
public interface MapperContext {

  CqlSession session();

  /** The DAO's keyspace, or {@code null} for the session's. */
  @Nullable String keyspace();

  /** The DAO's table, or {@code null} for each entity's own. */
  @Nullable String table();
}
