package io.scyllaboot.driver.api;

import io.scyllaboot.driver.api.metadata.NodeStateListener;
import io.scyllaboot.driver.api.metadata.SchemaChangeListener;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a {@link CqlSessionBuilder}'s session keeps of the cluster's metadata, who hears of its
 * changes, and how long DDL waits for schema agreement: defaults and checks.
 */
final class MetadataOptions {
  boolean schemaMetadata = true;
  // The DataStax driver's default: no system keyspace (nor DSE's, Solr's or OpsCenter's).
  List<String> schemaKeyspaces =
      List.of("!system", "!/^system_.*/", "!/^dse_.*/", "!solr_admin", "!OpsCenter");
  final List<SchemaChangeListener> schemaListeners = new ArrayList<>();
  final List<NodeStateListener> nodeListeners = new ArrayList<>();
  Duration schemaAgreementTimeout = Duration.ofSeconds(10);

  void schemaKeyspaces(List<String> keyspaces) {
    Objects.requireNonNull(keyspaces, "schema keyspaces");
    schemaKeyspaces = List.copyOf(keyspaces);
  }

  void schemaAgreementTimeout(Duration timeout) {
    schemaAgreementTimeout = ConnectionOptions.requirePositive(timeout, "schema agreement timeout");
  }

  String describeSchema() {
    return schemaMetadata
        ? (schemaKeyspaces.isEmpty() ? "all" : schemaKeyspaces.toString())
        : "off";
  }
}
