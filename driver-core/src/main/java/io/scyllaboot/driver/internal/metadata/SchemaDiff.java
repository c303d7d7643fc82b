package io.scyllaboot.driver.internal.metadata;

import io.scyllaboot.driver.api.metadata.KeyspaceMetadata;
import io.scyllaboot.driver.api.metadata.SchemaChange;
import io.scyllaboot.driver.api.metadata.SchemaChange.Target;
import io.scyllaboot.driver.api.metadata.SchemaChange.Type;
import io.scyllaboot.driver.api.metadata.SchemaMetadata;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * What changed between two schema snapshots. Snapshots are records all the way down, so an object
 * whose columns, indexes, options or fields are the same compares equal; anything else is a change.
 */
public final class SchemaDiff {
  private SchemaDiff() {}

  /**
   * The changes from {@code before} to {@code after}: keyspaces first, then their types, tables and
   * views, each in name order. A dropped keyspace is one change (its tables go with it); a created
   * one is followed by the creation of what it already holds.
   */
  public static List<SchemaChange> between(SchemaMetadata before, SchemaMetadata after) {
    List<SchemaChange> changes = new ArrayList<>();
    TreeSet<String> names = new TreeSet<>(before.keyspaces().keySet());
    names.addAll(after.keyspaces().keySet());
    for (String name : names) {
      KeyspaceMetadata old = before.keyspaces().get(name);
      KeyspaceMetadata now = after.keyspaces().get(name);
      if (now == null) {
        changes.add(new SchemaChange(Type.DROPPED, Target.KEYSPACE, name, name));
        continue;
      }
      if (old == null) {
        changes.add(new SchemaChange(Type.CREATED, Target.KEYSPACE, name, name));
      } else if (old.durableWrites() != now.durableWrites()
          || !old.replication().equals(now.replication())) {
        changes.add(new SchemaChange(Type.UPDATED, Target.KEYSPACE, name, name));
      }
      compare(
          name, Target.TYPE, old == null ? Map.of() : old.userTypes(), now.userTypes(), changes);
      compare(name, Target.TABLE, old == null ? Map.of() : old.tables(), now.tables(), changes);
      compare(name, Target.VIEW, old == null ? Map.of() : old.views(), now.views(), changes);
    }
    return changes;
  }

  private static void compare(
      String keyspace,
      Target target,
      Map<String, ?> before,
      Map<String, ?> after,
      List<SchemaChange> changes) {
    TreeSet<String> names = new TreeSet<>(before.keySet());
    names.addAll(after.keySet());
    for (String name : names) {
      Object old = before.get(name);
      Object now = after.get(name);
      if (old == null) {
        changes.add(new SchemaChange(Type.CREATED, target, keyspace, name));
      } else if (now == null) {
        changes.add(new SchemaChange(Type.DROPPED, target, keyspace, name));
      } else if (!Objects.equals(old, now)) {
        changes.add(new SchemaChange(Type.UPDATED, target, keyspace, name));
      }
    }
  }
}
