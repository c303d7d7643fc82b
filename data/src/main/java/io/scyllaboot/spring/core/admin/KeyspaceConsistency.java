package io.scyllaboot.spring.core.admin;

import java.util.Locale;

/**
 * ScyllaDB's keyspace option {@code consistency} (2026, tablet keyspaces, with the {@code
 * strongly-consistent-tables} feature). {@link #GLOBAL} makes every table of the keyspace strongly
 * consistent (Raft per tablet): writes then accept only {@code QUORUM} or {@code LOCAL_QUORUM},
 * reads {@code QUORUM}/{@code LOCAL_QUORUM} (linearizable) or {@code ONE}/{@code LOCAL_ONE} (not
 * linearizable), each statement targets one partition; a refused level comes back as {@code
 * StronglyConsistentTableException}. Apache Cassandra knows no such option.
 */
public enum KeyspaceConsistency {
  /** The default: eventually consistent tables, any consistency level. */
  EVENTUAL,
  /** Strongly consistent tables, one Raft group per tablet. */
  GLOBAL,
  /**
   * Strongly consistent within each data center; ScyllaDB refuses it so far ("not supported yet").
   */
  LOCAL;

  /** The option's value in CQL: {@code 'eventual'}, {@code 'global'}, {@code 'local'}. */
  public String cql() {
    return "'" + name().toLowerCase(Locale.ROOT) + "'";
  }
}
