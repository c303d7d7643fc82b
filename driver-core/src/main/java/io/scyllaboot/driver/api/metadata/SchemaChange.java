package io.scyllaboot.driver.api.metadata;

/**
 * One difference between two schema snapshots, as a {@link SchemaChangeListener} hears it.
 *
 * @param type created, updated (any column, index, option or field changed) or dropped
 * @param target what changed
 * @param keyspace the keyspace (the changed one, for a keyspace)
 * @param name the table, view or type; the keyspace's name again for a keyspace
 */
public record SchemaChange(Type type, Target target, String keyspace, String name) {

  /** What happened to the object. */
  public enum Type {
    CREATED,
    UPDATED,
    DROPPED
  }

  /** What kind of object changed. An index change is an update of its table. */
  public enum Target {
    KEYSPACE,
    TABLE,
    VIEW,
    TYPE
  }
}
