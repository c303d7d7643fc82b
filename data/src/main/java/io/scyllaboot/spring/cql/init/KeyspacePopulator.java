package io.scyllaboot.spring.cql.init;

import io.scyllaboot.driver.api.CqlSession;

/**
 * Populates a keyspace, e.g. from CQL scripts ({@link ResourceKeyspacePopulator}). With the
 * starter, every bean of this type runs once at start-up, after the keyspace is created and the
 * {@code scylla.schema-scripts} have run, and before repositories create their tables. Such a bean
 * must not depend on the {@code CqlSession} bean: it is given the session.
 */
@FunctionalInterface
public interface KeyspacePopulator {

  /**
   * Runs against the session's keyspace.
   *
   * @throws CqlScriptException when a script cannot be read or a statement fails
   */
  void populate(CqlSession session);
}
