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
     * The keyspaces the schema snapshot holds, in the DataStax driver's notation
     * (refreshed-keyspaces): a name (as the server stores it) or /regex/ includes, !name or
     * !/regex/ excludes; with no include, every keyspace not excluded. Unset: the driver's default,
     * every keyspace but system, those whose names start with system_ or dse_, solr_admin and
     * OpsCenter; /.+/ for every keyspace. A list of names only is read with IN, so that each
     * refresh reads only their rows.
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
