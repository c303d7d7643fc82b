package io.scyllaboot.autoconfigure;

import java.util.ArrayList;
import java.util.List;

/** {@code scylla.metadata.*}: what the session keeps of the cluster's metadata. */
public class MetadataProperties {

  private final Schema schema = new Schema();

  public Schema getSchema() {
    return schema;
  }

  /** {@code scylla.metadata.schema.*}: the schema snapshot ({@code metadata().schema()}). */
  public static class Schema {
    /**
     * Whether the session keeps a schema snapshot, read at start-up and refreshed on the server's
     * schema events and after its own DDL; when false, metadata().schema() reads the schema on each
     * call and schema change listeners hear nothing.
     */
    private boolean enabled = true;

    /**
     * The keyspaces the schema snapshot holds (names as the server stores them); empty for every
     * keyspace. Each refresh then reads only their rows.
     */
    private List<String> keyspaces = new ArrayList<>();

    public boolean isEnabled() {
      return enabled;
    }

    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }

    public List<String> getKeyspaces() {
      return keyspaces;
    }

    public void setKeyspaces(List<String> keyspaces) {
      this.keyspaces = keyspaces;
    }
  }
}
