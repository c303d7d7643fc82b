package io.scyllaboot.autoconfigure;

/**
 * {@code scylla.schema-action=create-if-not-exists} would create a keyspace, but {@code
 * scylla.keyspace-replication} is not set; {@link ScyllaKeyspaceReplicationFailureAnalyzer}
 * explains it at start-up.
 */
final class MissingKeyspaceReplicationException extends IllegalStateException {
  private final String keyspace;

  MissingKeyspaceReplicationException(String keyspace) {
    super(
        "scylla.schema-action=create-if-not-exists would create keyspace '"
            + keyspace
            + "' but scylla.keyspace-replication is not set");
    this.keyspace = keyspace;
  }

  String keyspace() {
    return keyspace;
  }
}
