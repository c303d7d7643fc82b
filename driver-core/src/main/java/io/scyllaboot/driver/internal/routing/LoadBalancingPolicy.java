package io.scyllaboot.driver.internal.routing;

import io.scyllaboot.driver.internal.metadata.DefaultNode;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The default policy: token-aware and DC-aware. A plan lists the local data center's replicas of
 * the request's token that are up (rotated round robin, so that load spreads over replicas), then
 * the other local nodes that are up (rotated too). Remote data centers are not used. Building a
 * plan takes no lock and allocates one array and the plan.
 *
 * <p>Every plan then avoids slow nodes: a node that is not {@linkplain DefaultNode#isResponsive()
 * responsive} (its requests wait and it read nothing for the unresponsive timeout) goes to the end,
 * behind every other node, as if it were down, until it answers again; and a first node that is
 * busy or warming up trades places with the second (not for lightweight transactions, whose primary
 * replica keeps its place while it answers).
 */
public final class LoadBalancingPolicy {
  private static final DefaultNode[] NONE = new DefaultNode[0];

  private final AtomicInteger roundRobin = new AtomicInteger();
  private volatile String localDatacenter;
  private volatile DefaultNode[] localNodes = NONE;
  private volatile TokenMap tokenMap = TokenMap.empty();
  private final TabletMap tablets = new TabletMap();
  private volatile java.util.Map<java.util.UUID, DefaultNode> nodesByHostId = java.util.Map.of();

  public LoadBalancingPolicy(String localDatacenter) {
    this.localDatacenter = localDatacenter;
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

  /** Called after each topology refresh. */
  public void update(Collection<DefaultNode> nodes, TokenMap newTokenMap) {
    localNodes = nodes.stream().filter(this::isLocal).toArray(DefaultNode[]::new);
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
    Tablet tablet = table == null ? null : tablets.lookup(keyspace, table, token);
    if (tablet == null) {
      return newPlan(keyspace, token, true, ringOrder);
    }
    DefaultNode[] local = localNodes;
    DefaultNode[] plan = new DefaultNode[local.length];
    int[] shards = new int[local.length];
    int size = 0;
    java.util.Map<java.util.UUID, DefaultNode> byHostId = nodesByHostId;
    List<Tablet.Replica> replicas = tablet.replicas();
    int count = replicas.size();
    int rotation = roundRobin.getAndIncrement() & Integer.MAX_VALUE;
    int replicaRotation = ringOrder || count == 0 ? 0 : rotation % count;
    for (int i = 0; i < count; i++) {
      Tablet.Replica replica = replicas.get(rotated(i, replicaRotation, count));
      DefaultNode node = byHostId.get(replica.hostId());
      if (node != null && node.isUp() && isLocal(node) && size < plan.length) {
        shards[size] = replica.shard();
        plan[size++] = node;
      }
    }
    if (!ringOrder) {
      avoidSlowFirstReplica(plan, shards, size);
    }
    int replicasInPlan = size;
    for (int i = 0; i < local.length; i++) {
      DefaultNode node = local[rotated(i, rotation, local.length)];
      if (node.isUp() && !contains(plan, replicasInPlan, node) && size < plan.length) {
        shards[size] = -1;
        plan[size++] = node;
      }
    }
    demoteUnresponsive(plan, shards, size);
    return new QueryPlan(plan, size, shards);
  }

  public TokenMap tokenMap() {
    return tokenMap;
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
    DefaultNode[] local = localNodes;
    DefaultNode[] plan = new DefaultNode[local.length];
    int size = 0;
    int rotation = roundRobin.getAndIncrement() & Integer.MAX_VALUE;
    if (routed) {
      DefaultNode[] replicas = tokenMap.replicas(keyspace, token);
      int count = replicas.length;
      int replicaRotation = ringOrder ? 0 : rotation;
      for (int i = 0; i < count; i++) {
        DefaultNode replica = replicas[rotated(i, replicaRotation, count)];
        if (replica.isUp() && isLocal(replica) && size < plan.length) {
          plan[size++] = replica;
        }
      }
      if (!ringOrder) {
        avoidSlowFirstReplica(plan, null, size);
      }
    }
    int replicasInPlan = size;
    for (int i = 0; i < local.length; i++) {
      DefaultNode node = local[rotated(i, rotation, local.length)];
      if (node.isUp() && !contains(plan, replicasInPlan, node) && size < plan.length) {
        plan[size++] = node;
      }
    }
    if (!routed) {
      avoidSlowFirstReplica(plan, null, size);
    }
    demoteUnresponsive(plan, null, size);
    return new QueryPlan(plan, size);
  }

  /** A replica that came back up within this time gets a quarter of its share of requests. */
  static final long BACK_UP_WARM_UP_NANOS = 60_000_000_000L;

  /** In-flight requests from which a first replica counts as busy against the second. */
  static final int BUSY_THRESHOLD = 10;

  /**
   * Moves the first replica behind the second when it is likely slow: it came back up within the
   * last minute (a restarted node is slow while it warms up and replays its commit log; it keeps a
   * quarter of the requests it would get) or it has at least {@link #BUSY_THRESHOLD} requests in
   * flight and twice as many as the second. Without this, a whole window of requests piles onto a
   * slow node and times out there.
   */
  private static void avoidSlowFirstReplica(DefaultNode[] plan, int[] shards, int replicas) {
    if (replicas < 2) {
      return;
    }
    DefaultNode first = plan[0];
    DefaultNode second = plan[1];
    boolean warmingUp =
        first.cameBackWithin(BACK_UP_WARM_UP_NANOS, System.nanoTime())
            && java.util.concurrent.ThreadLocalRandom.current().nextInt(4) != 0;
    boolean busy = false;
    if (!warmingUp) {
      // Requests still awaited: a node's timed-out ones (orphans) would keep it "busy" forever.
      int load = first.awaitingRequests();
      busy = load >= BUSY_THRESHOLD && load >= 2 * second.awaitingRequests();
    }
    if (warmingUp || busy) {
      plan[0] = second;
      plan[1] = first;
      if (shards != null) {
        int shard = shards[0];
        shards[0] = shards[1];
        shards[1] = shard;
      }
    }
  }

  /**
   * Moves the nodes that are not responsive to the end of the plan, keeping the order of both
   * groups: a frozen node gets no new request while another node may take it. Reads one volatile
   * per node; moves nothing and allocates nothing when every node answers.
   */
  static void demoteUnresponsive(DefaultNode[] plan, int[] shards, int size) {
    int end = size;
    int i = 0;
    while (i < end) {
      if (plan[i].isResponsive()) {
        i++;
        continue;
      }
      DefaultNode stuck = plan[i];
      int shard = shards == null ? -1 : shards[i];
      System.arraycopy(plan, i + 1, plan, i, size - i - 1);
      plan[size - 1] = stuck;
      if (shards != null) {
        System.arraycopy(shards, i + 1, shards, i, size - i - 1);
        shards[size - 1] = shard;
      }
      end--;
    }
  }

  /**
   * The index of the {@code i}-th element of a rotation by {@code rotation} (0 or more): in long
   * arithmetic, as {@code i + rotation} overflows to a negative index near the counter's wrap.
   */
  private static int rotated(int i, int rotation, int length) {
    return (int) ((i + (long) rotation) % length);
  }

  private static boolean contains(DefaultNode[] nodes, int size, DefaultNode node) {
    for (int i = 0; i < size; i++) {
      if (nodes[i] == node) {
        return true;
      }
    }
    return false;
  }
}
