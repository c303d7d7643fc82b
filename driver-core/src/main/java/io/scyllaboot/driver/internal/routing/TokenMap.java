package io.scyllaboot.driver.internal.routing;

import io.scyllaboot.driver.internal.metadata.DefaultNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The token ring and, per keyspace, the replicas of every range. Immutable once built; the replica
 * table of a keyspace is computed on first use and cached, so that a lookup is a binary search and
 * an array read.
 *
 * <p>NetworkTopologyStrategy is approximated by taking, in each data center, the next distinct
 * nodes clockwise (racks are not considered).
 */
public final class TokenMap {
  private final long[] ring;
  private final DefaultNode[] owners;
  private final Map<String, Map<String, String>> replicationByKeyspace;
  private final ConcurrentHashMap<String, DefaultNode[][]> replicasByKeyspace =
      new ConcurrentHashMap<>();

  private TokenMap(
      long[] ring, DefaultNode[] owners, Map<String, Map<String, String>> replicationByKeyspace) {
    this.ring = ring;
    this.owners = owners;
    this.replicationByKeyspace = replicationByKeyspace;
  }

  /** A map that routes nothing: every plan is round robin over the local nodes. */
  public static TokenMap empty() {
    return new TokenMap(new long[0], new DefaultNode[0], Map.of());
  }

  /** Whether the driver can compute tokens for this partitioner (null: assumed Murmur3). */
  public static boolean supports(String partitioner) {
    return partitioner == null || partitioner.endsWith("Murmur3Partitioner");
  }

  /**
   * Builds the ring from each node's Murmur3 tokens and each keyspace's replication options.
   *
   * @throws NumberFormatException if a token is not a Murmur3 (64-bit decimal) token
   */
  public static TokenMap build(
      Collection<DefaultNode> nodes, Map<String, Map<String, String>> replicationByKeyspace) {
    List<long[]> entries = new ArrayList<>();
    List<DefaultNode> nodeList = new ArrayList<>(nodes);
    for (int n = 0; n < nodeList.size(); n++) {
      for (String token : nodeList.get(n).tokens()) {
        entries.add(new long[] {Long.parseLong(token.trim()), n});
      }
    }
    entries.sort((a, b) -> Long.compare(a[0], b[0]));
    long[] ring = new long[entries.size()];
    DefaultNode[] owners = new DefaultNode[entries.size()];
    for (int i = 0; i < ring.length; i++) {
      ring[i] = entries.get(i)[0];
      owners[i] = nodeList.get((int) entries.get(i)[1]);
    }
    return new TokenMap(ring, owners, Map.copyOf(replicationByKeyspace));
  }

  public boolean isEmpty() {
    return ring.length == 0;
  }

  /** How many tokens the ring has. */
  public int ringSize() {
    return ring.length;
  }

  /** The ring's token at an index, in token order. */
  public long tokenAt(int index) {
    return ring[index];
  }

  /** The node owning the ring's token at an index. */
  public DefaultNode ownerAt(int index) {
    return owners[index];
  }

  /**
   * The replicas of the range holding {@code token} in {@code keyspace}, primary first; an empty
   * array when the ring or the keyspace is unknown.
   */
  public DefaultNode[] replicas(String keyspace, long token) {
    if (ring.length == 0 || keyspace == null) {
      return EMPTY;
    }
    DefaultNode[][] table = replicasByKeyspace.get(keyspace);
    if (table == null) {
      Map<String, String> replication = replicationByKeyspace.get(keyspace);
      if (replication == null) {
        return EMPTY;
      }
      table = computeReplicas(replication);
      replicasByKeyspace.putIfAbsent(keyspace, table);
    }
    int index = Arrays.binarySearch(ring, token);
    if (index < 0) {
      index = -index - 1; // the first ring token >= token owns it
    }
    return table[index == ring.length ? 0 : index];
  }

  private static final DefaultNode[] EMPTY = new DefaultNode[0];

  private DefaultNode[][] computeReplicas(Map<String, String> replication) {
    String strategy = replication.getOrDefault("class", "");
    DefaultNode[][] table = new DefaultNode[ring.length][];
    if (strategy.endsWith("NetworkTopologyStrategy")) {
      Map<String, Integer> factors = new HashMap<>();
      for (Map.Entry<String, String> option : replication.entrySet()) {
        if (!option.getKey().equals("class")) {
          factors.put(option.getKey(), parseFactor(option.getValue()));
        }
      }
      for (int i = 0; i < ring.length; i++) {
        table[i] = walk(i, factors, Integer.MAX_VALUE);
      }
    } else if (strategy.endsWith("SimpleStrategy")) {
      int factor = parseFactor(replication.getOrDefault("replication_factor", "1"));
      for (int i = 0; i < ring.length; i++) {
        table[i] = walk(i, null, factor);
      }
    } else {
      // LocalStrategy, EverywhereStrategy and unknown ones: no token-aware replicas.
      Arrays.fill(table, EMPTY);
    }
    return table;
  }

  /** A factor such as "3" or Cassandra 4's transient form "3/1": the full replicas count. */
  private static int parseFactor(String value) {
    int slash = value.indexOf('/');
    return Integer.parseInt(slash < 0 ? value.trim() : value.substring(0, slash).trim());
  }

  /** Distinct nodes clockwise from a ring index, up to a total or per-DC factors. */
  private DefaultNode[] walk(int start, Map<String, Integer> perDc, int total) {
    Set<DefaultNode> replicas = new LinkedHashSet<>();
    Map<String, Integer> taken = new HashMap<>();
    int wanted = perDc == null ? total : perDc.values().stream().mapToInt(Integer::intValue).sum();
    for (int step = 0; step < ring.length && replicas.size() < wanted; step++) {
      DefaultNode node = owners[(start + step) % ring.length];
      if (replicas.contains(node)) {
        continue;
      }
      if (perDc != null) {
        String dc = node.datacenter();
        int limit = perDc.getOrDefault(dc, 0);
        int already = taken.getOrDefault(dc, 0);
        if (already >= limit) {
          continue;
        }
        taken.put(dc, already + 1);
      }
      replicas.add(node);
    }
    return replicas.toArray(EMPTY);
  }
}
