package io.scyllaboot.driver.api.metadata;

import java.util.Collection;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import org.jspecify.annotations.Nullable;

/** What the driver knows of the cluster: its nodes, and its schema on demand. Thread-safe. */
public interface ClusterMetadata {

  /** Every node known, in no particular order. A live view. */
  Collection<Node> nodes();

  /** The cluster's name, from {@code system.local}. */
  @Nullable String clusterName();

  /**
   * Reads the schema now, on the control connection: one query per {@code system_schema} table
   * (keyspaces, tables, columns, indexes), whatever the number of tables.
   */
  CompletionStage<SchemaMetadata> schemaAsync();

  /**
   * Reads the schema now and waits for it ({@link #schemaAsync()}). Blocks: never call it on a
   * driver I/O thread (from a callback of an asynchronous request).
   */
  default SchemaMetadata schema() {
    try {
      return schemaAsync().toCompletableFuture().join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException cause) {
        throw cause;
      }
      throw e;
    }
  }
}
