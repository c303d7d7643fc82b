package io.scyllaboot.driver.internal.routing;

import io.scyllaboot.driver.internal.metadata.DefaultNode;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The default policy: token-aware and DC-aware. A plan lists the local data center's replicas of
 * the request's token that are up (rotated round robin, so that load spreads over replicas), then
 * the other local nodes that are up (rotated too). With a local rack, the local rack's nodes come
 * first in each of the two groups (lightweight transactions keep their primary replica first, see
 * {@link #newPlan(String, long, boolean, boolean, boolean)}). With remote-DC failover, at most N up
 * nodes of each remote data center follow, when the request's consistency allows it. Nodes the node
 * filter rejects are never used. Building a plan takes no lock and allocates one array and the
 * plan.
 *
 * <p>Every plan then avoids slow nodes: a node that is not {@linkplain DefaultNode#isResponsive()
 * responsive} (its requests wait and it read nothing for the unresponsive timeout) goes to the end,
 * behind every other node, as if it were down, until it answers again; and a first node that is
 * busy or warming up trades places with the second (not for lightweight transactions, whose primary
 * replica keeps its place while it answers).
 */
public final class LoadBalancingPolicy {
  private static final DefaultNode[] NONE = new DefaultNode[0];
  private static final DefaultNode[][] NO_DATACENTERS = new DefaultNode[0][];

  private final AtomicInteger roundRobin = new AtomicInteger();
  private final RoutingSettings routing;
  private volatile String localDatacenter;
  private volatile DefaultNode[] localNodes = NONE;
  // The nodes of each remote data center, for failover (empty without it).
  private volatile DefaultNode[][] remoteNodes = NO_DATACENTERS;
  private volatile int remoteCapacity; // the most remote nodes a plan can hold
  private volatile TokenMap tokenMap = TokenMap.empty();
  private final TabletMap tablets = new TabletMap();
  private volatile java.util.Map<java.util.UUID, DefaultNode> nodesByHostId = java.util.Map.of();
  // The data centers execution profiles name as theirs, and the nodes of each (pooled too).
  private final java.util.Set<String> profileDatacenters;
  private volatile java.util.Map<String, DefaultNode[]> profileNodes = java.util.Map.of();

  public LoadBalancingPolicy(String localDatacenter) {
    this(localDatacenter, RoutingSettings.DEFAULTS);
  }

  public LoadBalancingPolicy(String localDatacenter, RoutingSettings routing) {
    this(localDatacenter, routing, java.util.Set.of());
  }

  /**
   * @param profileDatacenters the data centers execution profiles route to instead of the local one
   *     ({@code ExecutionProfile.localDatacenter}): their nodes get pools, and {@link #newPlanIn}
   *     plans over them
   */
  public LoadBalancingPolicy(
      String localDatacenter, RoutingSettings routing, java.util.Set<String> profileDatacenters) {
    this.localDatacenter = localDatacenter;
    this.routing = routing;
    this.profileDatacenters = java.util.Set.copyOf(profileDatacenters);
  }

  public RoutingSettings routing() {
    return routing;
  }

  /** Sets the round-robin counter, so that tests can cross its wrap without 2^31 plans. */
  public void roundRobin(int next) {
    roundRobin.set(next);
  }

  public String localDatacenter() {
    return localDatacenter;
  }

  /** Sets the local data center when none was configured (the first contact point's). */
  public void inferLocalDatacenter(String datacenter) {
    if (localDatacenter == null) {
      localDatacenter = datacenter;
    }
  }

  /** Whether a node is in the local data center (every node is when none is known). */
  public boolean isLocal(DefaultNode node) {
    String local = localDatacenter;
    return local == null || local.equals(node.datacenter());
  }

  /** Whether the session keeps a pool to the node (local, or remote with failover). */
  public boolean needsPool(DefaultNode node) {
    return node.distance() != DefaultNode.IGNORED;
  }

  /**
   * Called after each topology refresh: sets each node's distance (filter, data center, rack) and
   * the node lists plans are built from.
   */
  public void update(Collection<DefaultNode> nodes, TokenMap newTokenMap) {
    java.util.List<DefaultNode> local = new java.util.ArrayList<>();
    java.util.Map<String, java.util.List<DefaultNode>> remote = new java.util.TreeMap<>();
    java.util.Map<String, java.util.List<DefaultNode>> ofProfiles = new java.util.HashMap<>();
    String rack = routing.localRack();
    for (DefaultNode node : nodes) {
      int distance;
      if (routing.nodeFilter() != null && !accepts(node)) {
        distance = DefaultNode.IGNORED;
      } else if (isLocal(node)) {
        distance =
            rack != null && rack.equals(node.rack()) ? DefaultNode.LOCAL_RACK : DefaultNode.LOCAL;
        local.add(node);
      } else {
        // Pooled when a profile routes to its data center, or for remote-DC failover.
        boolean ofProfile = profileDatacenters.contains(node.datacenter());
        boolean failover = routing.maxNodesPerRemoteDc() > 0;
        if (ofProfile) {
          ofProfiles
              .computeIfAbsent(node.datacenter(), dc -> new java.util.ArrayList<>())
              .add(node);
        }
        if (failover) {
          remote
              .computeIfAbsent(String.valueOf(node.datacenter()), dc -> new java.util.ArrayList<>())
              .add(node);
        }
        distance = ofProfile || failover ? DefaultNode.REMOTE : DefaultNode.IGNORED;
      }
      node.distance(distance);
    }
    localNodes = local.toArray(NONE);
    profileNodes =
        ofProfiles.entrySet().stream()
            .collect(
                java.util.stream.Collectors.toUnmodifiableMap(
                    java.util.Map.Entry::getKey, entry -> entry.getValue().toArray(NONE)));
    DefaultNode[][] byDc = new DefaultNode[remote.size()][];
    int capacity = 0;
    int dc = 0;
    for (java.util.List<DefaultNode> dcNodes : remote.values()) {
      byDc[dc++] = dcNodes.toArray(NONE);
      capacity += Math.min(dcNodes.size(), routing.maxNodesPerRemoteDc());
    }
    remoteNodes = byDc;
    remoteCapacity = capacity;
    tokenMap = newTokenMap;
    java.util.Map<java.util.UUID, DefaultNode> byHostId = new java.util.HashMap<>();
    for (DefaultNode node : nodes) {
      if (node.hostId() != null) {
        byHostId.put(node.hostId(), node);
      }
    }
    nodesByHostId = java.util.Map.copyOf(byHostId);
    tablets.retainNodes(byHostId.keySet());
  }

  /** The user's filter; a filter that throws rejects the node (said in the log). */
  private boolean accepts(DefaultNode node) {
    try {
      return routing.nodeFilter().test(node);
    } catch (RuntimeException e) {
      org.slf4j.LoggerFactory.getLogger(LoadBalancingPolicy.class)
          .warn("the node filter threw on {}: the node is not used", node, e);
      return false;
    }
  }

  /** The tablets learned from responses (ScyllaDB tables that use tablets). */
  public TabletMap tablets() {
    return tablets;
  }

  /**
   * A plan for a statement of a table: the replicas of the token's tablet, in the tablet's order
   * and each with its shard, when a tablet is known; else as {@link #newPlan(String, long, boolean,
   * boolean)}.
   */
  public QueryPlan newPlan(String keyspace, String table, long token, boolean ringOrder) {
    return newPlan(keyspace, table, token, ringOrder, false);
  }

  /** As {@link #newPlan(String, String, long, boolean)}, with remote nodes when {@code remote}. */
  public QueryPlan newPlan(
      String keyspace, String table, long token, boolean ringOrder, boolean remote) {
    return newPlan(keyspace, table, token, ringOrder, remote, false);
  }

  /**
   * As {@link #newPlan(String, String, long, boolean, boolean)}; with {@code leaderFirst} (tablets
   * routing v2 on, and a consistency other than ONE/LOCAL_ONE), the replicas of a tablet learned
   * from a {@code tablets-routing-v2} payload keep its order, the Raft leader first, as a
   * lightweight transaction's do: a follower would only forward the request to the leader.
   */
  public QueryPlan newPlan(
      String keyspace,
      String table,
      long token,
      boolean ringOrder,
      boolean remote,
      boolean leaderFirst) {
    Tablet tablet = table == null ? null : tablets.lookup(keyspace, table, token);
    if (tablet == null) {
      return newPlan(keyspace, token, true, ringOrder, remote);
    }
    ringOrder |= leaderFirst && tablet.leaderFirst();
    DefaultNode[] local = localNodes;
    DefaultNode[][] remoteDcs = remote ? remoteNodes : NO_DATACENTERS;
    int capacity = local.length + (remote ? remoteCapacity : 0);
    DefaultNode[] plan = new DefaultNode[capacity];
    int[] shards = new int[capacity];
    int size = 0;
    java.util.Map<java.util.UUID, DefaultNode> byHostId = nodesByHostId;
    List<Tablet.Replica> replicas = tablet.replicas();
    int count = replicas.size();
    int rotation = roundRobin.getAndIncrement() & Integer.MAX_VALUE;
    int replicaRotation = ringOrder || count == 0 ? 0 : rotation % count;
    for (int i = 0; i < count; i++) {
      Tablet.Replica replica = replicas.get(PlanOrdering.rotated(i, replicaRotation, count));
      DefaultNode node = byHostId.get(replica.hostId());
      if (node != null && node.isUp() && node.isLocalDistance() && size < local.length) {
        shards[size] = replica.shard();
        plan[size++] = node;
      }
    }
    orderReplicas(plan, shards, size, ringOrder);
    int replicasInPlan = size;
    for (int i = 0; i < local.length; i++) {
      DefaultNode node = local[PlanOrdering.rotated(i, rotation, local.length)];
      if (node.isUp()
          && !PlanOrdering.contains(plan, replicasInPlan, node)
          && size < local.length) {
        shards[size] = -1;
        plan[size++] = node;
      }
    }
    preferLocalRack(plan, shards, replicasInPlan, size);
    for (int i = size; i < capacity; i++) {
      shards[i] = -1;
    }
    size = appendRemote(plan, size, remoteDcs, rotation);
    PlanOrdering.demoteUnresponsive(plan, shards, size);
    // The block index rotates with the plans, so that the whole version is checked over 16.
    int versionBlock = tablet.leaderFirst() ? Tablet.versionBlock(tablet.version(), rotation) : -1;
    return new QueryPlan(plan, size, shards, versionBlock);
  }

  public TokenMap tokenMap() {
    return tokenMap;
  }

  /**
   * A plan confined to {@code datacenter}, an execution profile's own data center: its up replicas
   * of the token first (a tablet's when one is known, with their shards; rotated unless in ring
   * order), then its other up nodes, rotated; unresponsive nodes last. No rack preference and no
   * other data center: the application fails over by naming another profile. Empty when the data
   * center has no node the session knows (or it is not a profile's).
   */
  public QueryPlan newPlanIn(
      String datacenter,
      String keyspace,
      String table,
      long token,
      boolean routed,
      boolean ringOrder) {
    DefaultNode[] nodes =
        datacenter.equals(localDatacenter)
            ? localNodes
            : profileNodes.getOrDefault(datacenter, NONE);
    int rotation = roundRobin.getAndIncrement() & Integer.MAX_VALUE;
    Tablet tablet = routed && table != null ? tablets.lookup(keyspace, table, token) : null;
    if (tablet != null) {
      return DatacenterPlan.ofTablet(datacenter, nodes, tablet, nodesByHostId, rotation, ringOrder);
    }
    DefaultNode[] replicas = routed ? tokenMap.replicas(keyspace, token) : NONE;
    return DatacenterPlan.ofReplicas(datacenter, nodes, replicas, rotation, ringOrder);
  }

  /** A plan for a request without a routing key. */
  public QueryPlan newPlan() {
    return newPlan(null, 0, false);
  }

  /**
   * A plan for a request.
   *
   * @param keyspace the keyspace whose replication decides the replicas (null: no routing)
   * @param token the request's token, when {@code routed}
   */
  public QueryPlan newPlan(String keyspace, long token, boolean routed) {
    return newPlan(keyspace, token, routed, false);
  }

  /**
   * A plan for a request.
   *
   * @param ringOrder whether replicas keep their ring order, primary first (lightweight
   *     transactions: contending ones then queue on one replica); else they are rotated
   */
  public QueryPlan newPlan(String keyspace, long token, boolean routed, boolean ringOrder) {
    return newPlan(keyspace, token, routed, ringOrder, false);
  }

  /**
   * A plan for a request.
   *
   * @param ringOrder whether replicas keep their ring order, primary first (lightweight
   *     transactions: contending ones then queue on one replica); else they are rotated. With a
   *     local rack, a lightweight transaction's primary replica stays first wherever it is, and the
   *     local rack's replicas come first among the others (its equals: the fallbacks), so that
   *     clients in every rack still contend on one Paxos coordinator
   * @param remote whether up to N nodes per remote data center follow the local ones (failover; the
   *     caller checks the consistency level)
   */
  public QueryPlan newPlan(
      String keyspace, long token, boolean routed, boolean ringOrder, boolean remote) {
    DefaultNode[] local = localNodes;
    DefaultNode[][] remoteDcs = remote ? remoteNodes : NO_DATACENTERS;
    int rotation = roundRobin.getAndIncrement() & Integer.MAX_VALUE;
    if (routed) {
      DefaultNode[] replicas = tokenMap.replicas(keyspace, token);
      int count = replicas.length;
      DefaultNode[] head = new DefaultNode[Math.min(count, local.length)];
      int size = 0;
      int replicaRotation = ringOrder ? 0 : rotation;
      for (int i = 0; i < count; i++) {
        DefaultNode replica = replicas[PlanOrdering.rotated(i, replicaRotation, count)];
        if (replica.isUp() && replica.isLocalDistance() && size < head.length) {
          head[size++] = replica;
        }
      }
      orderReplicas(head, null, size, ringOrder);
      if (size > 0 && allResponsive(head, size)) {
        // The usual case: the other nodes only when the replicas did not do (see QueryPlan).
        int capacity = local.length + (remote ? remoteCapacity : 0);
        return new QueryPlan(
            head,
            size,
            (replicasTaken, taken) -> {
              DefaultNode[] plan = new DefaultNode[capacity];
              System.arraycopy(replicasTaken, 0, plan, 0, taken);
              int whole = fillPlan(plan, taken, local, remoteDcs, rotation, true, false);
              return java.util.Arrays.copyOf(plan, whole);
            });
      }
      DefaultNode[] plan = new DefaultNode[local.length + (remote ? remoteCapacity : 0)];
      System.arraycopy(head, 0, plan, 0, size);
      return new QueryPlan(plan, fillPlan(plan, size, local, remoteDcs, rotation, true, true));
    }
    DefaultNode[] plan = new DefaultNode[local.length + (remote ? remoteCapacity : 0)];
    return new QueryPlan(plan, fillPlan(plan, 0, local, remoteDcs, rotation, false, true));
  }

  private static boolean allResponsive(DefaultNode[] nodes, int size) {
    for (int i = 0; i < size; i++) {
      if (!nodes[i].isResponsive()) {
        return false;
      }
    }
    return true;
  }

  /**
   * Fills a plan after its {@code replicasInPlan} replicas: the other local nodes in rotation (the
   * local rack's first), then the remote ones; the unresponsive nodes last (all of them, or only
   * those after the replicas when the replicas were already taken). Returns the plan's size.
   */
  private int fillPlan(
      DefaultNode[] plan,
      int replicasInPlan,
      DefaultNode[] local,
      DefaultNode[][] remoteDcs,
      int rotation,
      boolean routed,
      boolean demoteReplicas) {
    int size = replicasInPlan;
    for (int i = 0; i < local.length; i++) {
      DefaultNode node = local[PlanOrdering.rotated(i, rotation, local.length)];
      if (node.isUp()
          && !PlanOrdering.contains(plan, replicasInPlan, node)
          && size < local.length) {
        plan[size++] = node;
      }
    }
    preferLocalRack(plan, null, replicasInPlan, size);
    if (!routed) {
      PlanOrdering.avoidSlowFirstReplica(plan, null, size);
    }
    size = appendRemote(plan, size, remoteDcs, rotation);
    PlanOrdering.demoteUnresponsive(plan, null, demoteReplicas ? 0 : replicasInPlan, size);
    return size;
  }

  /** A plan of one node: a statement pinned to it ({@code Statement.withNode}). */
  public static QueryPlan pinned(DefaultNode node) {
    return new QueryPlan(new DefaultNode[] {node}, 1);
  }

  /**
   * Orders the local replicas: the local rack's first (all but a lightweight transaction's primary
   * replica, which keeps its place), then, unless in ring order, a slow first replica moves back.
   */
  private void orderReplicas(DefaultNode[] plan, int[] shards, int size, boolean ringOrder) {
    preferLocalRack(plan, shards, ringOrder ? 1 : 0, size);
    if (!ringOrder) {
      PlanOrdering.avoidSlowFirstReplica(plan, shards, size);
    }
  }

  /**
   * Moves the local rack's nodes of {@code plan[from, to)} to the front of that range, keeping the
   * order within both groups. Nothing without a local rack; allocates nothing.
   */
  private void preferLocalRack(DefaultNode[] plan, int[] shards, int from, int to) {
    if (routing.localRack() == null) {
      return;
    }
    int front = from;
    for (int i = from; i < to; i++) {
      if (plan[i].distance() != DefaultNode.LOCAL_RACK) {
        continue;
      }
      if (i > front) {
        DefaultNode node = plan[i];
        System.arraycopy(plan, front, plan, front + 1, i - front);
        plan[front] = node;
        if (shards != null) {
          int shard = shards[i];
          System.arraycopy(shards, front, shards, front + 1, i - front);
          shards[front] = shard;
        }
      }
      front++;
    }
  }

  /** Appends at most N up nodes of each remote data center (rotated); returns the new size. */
  private int appendRemote(DefaultNode[] plan, int size, DefaultNode[][] remoteDcs, int rotation) {
    int max = routing.maxNodesPerRemoteDc();
    for (DefaultNode[] dcNodes : remoteDcs) {
      int taken = 0;
      for (int i = 0; i < dcNodes.length && taken < max && size < plan.length; i++) {
        DefaultNode node = dcNodes[PlanOrdering.rotated(i, rotation, dcNodes.length)];
        if (node.isUp() && node.distance() == DefaultNode.REMOTE) {
          plan[size++] = node;
          taken++;
        }
      }
    }
    return size;
  }
}
