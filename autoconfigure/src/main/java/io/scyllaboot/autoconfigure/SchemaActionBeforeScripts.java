package io.scyllaboot.autoconfigure;

import io.scyllaboot.driver.api.CqlSession;

/**
 * The entity part of {@code scylla.schema-action} (drop and create the tables of the scanned
 * entities), which the auto-configured session runs after creating its keyspace and before {@code
 * scylla.schema-scripts}, as Spring Data Cassandra does: a script's seed rows are not dropped by
 * {@code recreate}. The data auto-configuration defines it; applications need not.
 */
@FunctionalInterface
public interface SchemaActionBeforeScripts {

  /** Runs on the new session, before the scripts and the {@code KeyspacePopulator} beans. */
  void run(CqlSession session);
}
