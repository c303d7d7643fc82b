package io.scyllaboot.autoconfigure;

/**
 * A {@code scylla.schema-action} (create-if-not-exists, recreate...) would create a keyspace the
 * server does not have, but {@code scylla.keyspace-replication} is not set; {@link
 * ScyllaKeyspaceReplicationFailureAnalyzer} explains it at start-up.
 */
final class MissingKeyspaceReplicationException extends IllegalStateException {
  private final String keyspace;
  private final String schemaAction;

  /**
   * @param schemaAction as it is written in properties, e.g. {@code create-if-not-exists}
   */
  MissingKeyspaceReplicationException(String keyspace, String schemaAction) {
    super(
        "scylla.schema-action="
            + schemaAction
            + " would create keyspace '"
            + keyspace
            + "', which does not exist, but scylla.keyspace-replication is not set");
    this.keyspace = keyspace;
    this.schemaAction = schemaAction;
  }

  String keyspace() {
    return keyspace;
  }

  String schemaAction() {
    return schemaAction;
  }
}
