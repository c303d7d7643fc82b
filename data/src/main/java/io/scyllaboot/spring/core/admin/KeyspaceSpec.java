package io.scyllaboot.spring.core.admin;

import io.scyllaboot.spring.mapping.CqlIdentifiers;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A keyspace to create or alter: its name (as the server stores it, quoted when CQL needs it),
 * replication, durable writes and, on ScyllaDB, consistency. Not thread-safe; build one per
 * statement.
 *
 * <pre>{@code
 * admin.createKeyspace(KeyspaceSpec.named("shop").networkTopology(Map.of("dc1", 3)));
 * }</pre>
 */
public final class KeyspaceSpec {
  private final String name;
  private Map<String, String> replication =
      Map.of("class", "SimpleStrategy", "replication_factor", "1");
  private boolean durableWrites = true;
  private boolean ifNotExists = true;
  private KeyspaceConsistency consistency; // null: no option written (the server's default)

  private KeyspaceSpec(String name) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("a keyspace needs a name");
    }
    this.name = name;
  }

  /** A keyspace of this name, with one replica ({@code SimpleStrategy}) until told otherwise. */
  public static KeyspaceSpec named(String name) {
    return new KeyspaceSpec(name);
  }

  /** {@code SimpleStrategy} with this many replicas (development and tests). */
  public KeyspaceSpec simple(int replicationFactor) {
    requirePositive(replicationFactor, "replication factor");
    replication =
        Map.of(
            "class", "SimpleStrategy", "replication_factor", Integer.toString(replicationFactor));
    return this;
  }

  /** {@code NetworkTopologyStrategy} with replicas per data center. */
  public KeyspaceSpec networkTopology(Map<String, Integer> replicasPerDatacenter) {
    if (replicasPerDatacenter.isEmpty()) {
      throw new IllegalArgumentException("NetworkTopologyStrategy needs at least one data center");
    }
    Map<String, String> options = new LinkedHashMap<>();
    options.put("class", "NetworkTopologyStrategy");
    new java.util.TreeMap<>(replicasPerDatacenter)
        .forEach(
            (datacenter, replicas) -> {
              requirePositive(replicas, "replicas of " + datacenter);
              options.put(datacenter, Integer.toString(replicas));
            });
    replication = Map.copyOf(options);
    return this;
  }

  public KeyspaceSpec durableWrites(boolean durable) {
    this.durableWrites = durable;
    return this;
  }

  /**
   * ScyllaDB's keyspace {@code consistency} option, written by {@code CREATE} only (the server
   * fixes it at creation): {@link KeyspaceConsistency#GLOBAL} for strongly consistent tables, which
   * need a tablet keyspace. Not set by default (no option written: eventual consistency).
   */
  public KeyspaceSpec consistency(KeyspaceConsistency consistency) {
    this.consistency = consistency;
    return this;
  }

  /** Whether {@code CREATE} adds {@code IF NOT EXISTS}; default true. */
  public KeyspaceSpec ifNotExists(boolean ifNotExists) {
    this.ifNotExists = ifNotExists;
    return this;
  }

  public String name() {
    return name;
  }

  /** The {@code CREATE KEYSPACE} statement. */
  public String createCql() {
    return "CREATE KEYSPACE "
        + (ifNotExists ? "IF NOT EXISTS " : "")
        + body()
        + (consistency == null ? "" : " AND consistency = " + consistency.cql());
  }

  /** The {@code ALTER KEYSPACE} statement (replication and durable writes). */
  public String alterCql() {
    return "ALTER KEYSPACE " + body();
  }

  private String body() {
    Map<String, Object> ordered = new LinkedHashMap<>();
    ordered.put("class", replication.get("class"));
    new java.util.TreeMap<>(replication)
        .forEach(
            (key, value) -> {
              if (!key.equals("class")) {
                ordered.put(key, value);
              }
            });
    return CqlIdentifiers.cql(name)
        + " WITH replication = "
        + CqlLiterals.literal(ordered)
        + " AND durable_writes = "
        + durableWrites;
  }

  private static void requirePositive(Integer value, String what) {
    if (Objects.requireNonNull(value, what) < 1) {
      throw new IllegalArgumentException(what + " must be at least 1, was " + value);
    }
  }
}
