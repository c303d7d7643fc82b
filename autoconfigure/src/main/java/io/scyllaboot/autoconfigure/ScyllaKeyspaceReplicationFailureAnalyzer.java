package io.scyllaboot.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * Explains a keyspace the schema action would create without an explicit replication: which
 * properties led there, and what to set. There is no default on purpose: SimpleStrategy with one
 * replica is right for a development node and a silent data-loss trap in production.
 */
@Order(Ordered.HIGHEST_PRECEDENCE)
public class ScyllaKeyspaceReplicationFailureAnalyzer
    extends AbstractFailureAnalyzer<MissingKeyspaceReplicationException> {

  @Override
  protected FailureAnalysis analyze(
      Throwable rootFailure, MissingKeyspaceReplicationException cause) {
    String description =
        "'scylla.schema-action="
            + cause.schemaAction()
            + "' would create keyspace '"
            + cause.keyspace()
            + "', which does not exist on the server, but 'scylla.keyspace-replication' is not"
            + " set.\nReason: the replication of a"
            + " keyspace has no safe default (one replica loses data when its node does).";
    String action =
        "Set 'scylla.keyspace-replication' in your configuration, e.g. {'class':"
            + " 'NetworkTopologyStrategy', '<datacenter>': 3} for a cluster, or {'class':"
            + " 'SimpleStrategy', 'replication_factor': 1} for a single development node; or create"
            + " the keyspace yourself and leave 'scylla.schema-action' at none.";
    return new FailureAnalysis(description, action, cause);
  }
}
