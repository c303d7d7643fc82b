package io.scyllaboot.driver.api.metadata;

/**
 * Hears about schema changes once the session's schema metadata has them: after a refresh (on the
 * server's schema events, debounced, or after a DDL statement of this session), once per changed
 * keyspace, table, view or type, with the new snapshot. Called on a driver thread, one call at a
 * time: do not block in it. An exception it throws is logged and ignored.
 */
@FunctionalInterface
public interface SchemaChangeListener {

  void onSchemaChange(SchemaChange change, SchemaMetadata schema);
}
