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

/**
 * The token ring and, per keyspace, the replicas of every range. Immutable; the replica tables are
 * built with the map (when the topology or a keyspace's replication changes), one per distinct
 * replication, so that a lookup on the request path is a map read, a binary search and an array
 * read.
 *
 * <p>NetworkTopologyStrategy replicas are computed as the server computes them: in each data center
 * the ring is walked clockwise, a node of a rack not used yet is taken, a node of a used rack only
 * while the factor exceeds the data center's racks (Cassandra's {@code
 * NetworkTopologyStrategy.calculateNaturalReplicas}, which ScyllaDB follows).
 */
public final class TokenMap {
  private final long[] ring;
  private final DefaultNode[] owners;
  private final Map<String, DefaultNode[][]> replicasByKeyspace;

  private TokenMap(
      long[] ring, DefaultNode[] owners, Map<String, Map<String, String>> replicationByKeyspace) {
    this.ring = ring;
    this.owners = owners;
    Map<String, DefaultNode[][]> tables = new HashMap<>();
    if (ring.length > 0) {
      // Keyspaces of one replication share a table: most clusters have a few distinct ones.
      Map<Map<String, String>, DefaultNode[][]> byReplication = new HashMap<>();
      for (Map.Entry<String, Map<String, String>> keyspace : replicationByKeyspace.entrySet()) {
        tables.put(
            keyspace.getKey(),
            byReplication.computeIfAbsent(keyspace.getValue(), this::computeReplicas));
      }
    }
    this.replicasByKeyspace = tables;
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
      return EMPTY;
    }
    int index = Arrays.binarySearch(ring, token);
    if (index < 0) {
      index = -index - 1; // the first ring token >= token owns it
    }
    return table[index == ring.length ? 0 : index];
  }

  /** The keyspaces whose replica table is built (for tests). */
  Set<String> builtKeyspaces() {
    return Set.copyOf(replicasByKeyspace.keySet());
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
      RackWalk walk = new RackWalk(factors);
      for (int i = 0; i < ring.length; i++) {
        table[i] = walk.replicas(i);
      }
    } else if (strategy.endsWith("SimpleStrategy")) {
      int factor = parseFactor(replication.getOrDefault("replication_factor", "1"));
      for (int i = 0; i < ring.length; i++) {
        table[i] = walk(i, factor);
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

  /** Distinct nodes clockwise from a ring index, up to a total (SimpleStrategy). */
  private DefaultNode[] walk(int start, int total) {
    Set<DefaultNode> replicas = new LinkedHashSet<>();
    for (int step = 0; step < ring.length && replicas.size() < total; step++) {
      replicas.add(owners[(start + step) % ring.length]);
    }
    return replicas.toArray(EMPTY);
  }

  /**
   * The NetworkTopologyStrategy walk over this ring for one replication: each ring entry's node,
   * data center and rack as small numbers, computed once for all the ring's start positions.
   */
  private final class RackWalk {
    private final int[] nodeOf; // per ring entry
    private final int[] dcOf; // per ring entry; -1 for a data center the keyspace does not use
    private final int[] rackOf; // per ring entry, numbered across data centers
    private final int[] wanted; // per data center: its factor, at most its nodes
    private final int[] repeats; // per data center: how many nodes of a used rack it may take
    private final int nodes;
    private final int racks;
    private final int total;

    RackWalk(Map<String, Integer> factors) {
      nodeOf = new int[ring.length];
      dcOf = new int[ring.length];
      rackOf = new int[ring.length];
      Map<DefaultNode, Integer> nodeIds = new HashMap<>();
      Map<String, Integer> dcIds = new HashMap<>();
      Map<String, Integer> rackIds = new HashMap<>();
      List<Set<DefaultNode>> nodesPerDc = new ArrayList<>();
      List<Set<Integer>> racksPerDc = new ArrayList<>();
      List<Integer> factorPerDc = new ArrayList<>();
      for (int i = 0; i < ring.length; i++) {
        DefaultNode node = owners[i];
        nodeOf[i] = nodeIds.computeIfAbsent(node, n -> nodeIds.size());
        String dc = node.datacenter();
        Integer factor = dc == null ? null : factors.get(dc);
        if (factor == null || factor <= 0) {
          dcOf[i] = -1;
          continue;
        }
        int dcId =
            dcIds.computeIfAbsent(
                dc,
                name -> {
                  nodesPerDc.add(new java.util.HashSet<>());
                  racksPerDc.add(new java.util.HashSet<>());
                  factorPerDc.add(factor);
                  return dcIds.size();
                });
        dcOf[i] = dcId;
        // A rack is a rack of its data center: the same name in two data centers is two racks.
        String rack = node.rack() == null ? "" : node.rack();
        rackOf[i] = rackIds.computeIfAbsent(dc + '\u0000' + rack, key -> rackIds.size());
        nodesPerDc.get(dcId).add(node);
        racksPerDc.get(dcId).add(rackOf[i]);
      }
      int dcs = dcIds.size();
      wanted = new int[dcs];
      repeats = new int[dcs];
      int sum = 0;
      for (int dc = 0; dc < dcs; dc++) {
        wanted[dc] = Math.min(factorPerDc.get(dc), nodesPerDc.get(dc).size());
        repeats[dc] = factorPerDc.get(dc) - racksPerDc.get(dc).size();
        sum += wanted[dc];
      }
      nodes = nodeIds.size();
      racks = rackIds.size();
      total = sum;
    }

    DefaultNode[] replicas(int start) {
      int[] left = wanted.clone();
      int[] repeatsLeft = repeats.clone();
      boolean[] taken = new boolean[nodes];
      boolean[] rackUsed = new boolean[racks];
      DefaultNode[] replicas = new DefaultNode[total];
      int count = 0;
      for (int step = 0; step < ring.length && count < total; step++) {
        int i = (start + step) % ring.length;
        int dc = dcOf[i];
        if (dc < 0 || left[dc] == 0 || taken[nodeOf[i]]) {
          continue;
        }
        if (rackUsed[rackOf[i]]) {
          // Only while the factor exceeds the racks: otherwise a rack not used yet comes later.
          if (repeatsLeft[dc] <= 0) {
            continue;
          }
          repeatsLeft[dc]--;
        }
        rackUsed[rackOf[i]] = true;
        taken[nodeOf[i]] = true;
        left[dc]--;
        replicas[count++] = owners[i];
      }
      return count == total ? replicas : Arrays.copyOf(replicas, count);
    }
  }
}
