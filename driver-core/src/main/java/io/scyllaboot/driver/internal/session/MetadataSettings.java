package io.scyllaboot.driver.internal.session;

import io.scyllaboot.driver.api.metadata.NodeStateListener;
import io.scyllaboot.driver.api.metadata.SchemaChangeListener;
import java.util.List;

/**
 * How the session keeps metadata.
 *
 * @param schemaEnabled whether a schema snapshot is kept and refreshed (else read on demand)
 * @param schemaKeyspaces the keyspaces the schema is read for; empty for every keyspace
 * @param schemaListeners called for each change a refresh finds
 * @param nodeListeners called for nodes added, removed, up and down
 */
public record MetadataSettings(
    boolean schemaEnabled,
    List<String> schemaKeyspaces,
    List<SchemaChangeListener> schemaListeners,
    List<NodeStateListener> nodeListeners) {

  /** The defaults: schema kept for every keyspace, no listeners. */
  public static final MetadataSettings DEFAULT =
      new MetadataSettings(true, List.of(), List.of(), List.of());
}
