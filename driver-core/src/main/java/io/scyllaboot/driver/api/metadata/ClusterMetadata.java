package io.scyllaboot.driver.api.metadata;

import java.util.Collection;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import org.jspecify.annotations.Nullable;

/** What the driver knows of the cluster: its nodes, token ring and schema. Thread-safe. */
public interface ClusterMetadata {

  /** Every node known, in no particular order. A live view. */
  Collection<Node> nodes();

  /** The cluster's name, from {@code system.local}. */
  @Nullable String clusterName();

  /**
   * The data center whose nodes the session uses: the one configured, a secure connect bundle's,
   * or, when none was given, the first contact point's; null before it is known.
   */
  default @Nullable String localDatacenter() {
    return null;
  }

  /**
   * The token ring of the current topology (replaced, never changed, when the topology changes).
   */
  TokenMap tokenMap();

  /**
   * Reads the schema now, on the control connection: one query per {@code system_schema} table
   * (keyspaces, tables, columns, indexes, types, views), whatever the number of tables, limited to
   * the session's schema keyspaces when it has some. The snapshot read becomes the session's
   * current one ({@link #schema()}) when schema metadata is enabled.
   */
  CompletionStage<SchemaMetadata> schemaAsync();

  /**
   * The current schema snapshot. With schema metadata enabled (the default) it is the one the
   * session keeps: read at start-up, refreshed on the server's schema events (debounced) and after
   * each DDL statement of this session before that statement completes; no query runs. With schema
   * metadata disabled, it reads the schema now and waits for it ({@link #schemaAsync()}): then it
   * blocks, so never call it on a driver I/O thread (from a callback of an asynchronous request).
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
