package com.example.stock;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.Metadata;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/** What the application knows of the cluster and its schema, from the driver's metadata. */
public final class ClusterReport {

  private final CqlSession session;

  public ClusterReport(CqlSession session) {
    this.session = session;
  }

  /** The data centers of the nodes the driver knows. */
  public List<String> datacenters() {
    Metadata metadata = session.getMetadata();
    TreeSet<String> names = new TreeSet<>();
    for (Node node : metadata.getNodes().values()) {
      names.add(node.getDatacenter());
    }
    return new ArrayList<>(names);
  }

  /** The tables of a keyspace, sorted, or none if the keyspace does not exist. */
  public List<String> tables(String keyspace) {
    Optional<KeyspaceMetadata> found = session.getMetadata().getKeyspace(keyspace);
    List<String> names = new ArrayList<>();
    if (found.isPresent()) {
      for (TableMetadata table : found.get().getTables().values()) {
        names.add(table.getName().asInternal());
      }
    }
    names.sort(null);
    return names;
  }

  /** The partition key columns of a table, in order. */
  public List<String> partitionKey(String keyspace, String table) {
    List<String> names = new ArrayList<>();
    session
        .getMetadata()
        .getKeyspace(keyspace)
        .flatMap(k -> k.getTable(table))
        .ifPresent(t -> t.getPartitionKey().forEach(c -> names.add(c.getName().asInternal())));
    return names;
  }
}
