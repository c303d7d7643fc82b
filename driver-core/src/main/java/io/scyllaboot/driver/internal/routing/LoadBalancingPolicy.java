package io.scyllaboot.driver.internal.routing;

import io.scyllaboot.driver.internal.metadata.DefaultNode;
import java.util.Collection;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The default policy: token-aware and DC-aware. A plan lists the local data center's replicas of
 * the request's token that are up (rotated round robin, so that load spreads over replicas), then
 * the other local nodes that are up (rotated too). Remote data centers are not used. Building a
 * plan takes no lock and allocates one array and the plan.
 */
public final class LoadBalancingPolicy {
  private static final DefaultNode[] NONE = new DefaultNode[0];

  private final AtomicInteger roundRobin = new AtomicInteger();
  private volatile String localDatacenter;
  private volatile DefaultNode[] localNodes = NONE;
  private volatile TokenMap tokenMap = TokenMap.empty();

  public LoadBalancingPolicy(String localDatacenter) {
    this.localDatacenter = localDatacenter;
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
    DefaultNode[] local = localNodes;
    DefaultNode[] plan = new DefaultNode[local.length];
    int size = 0;
    int rotation = roundRobin.getAndIncrement() & Integer.MAX_VALUE;
    if (routed) {
      DefaultNode[] replicas = tokenMap.replicas(keyspace, token);
      int count = replicas.length;
      for (int i = 0; i < count; i++) {
        DefaultNode replica = replicas[(i + rotation) % count];
        if (replica.isUp() && isLocal(replica) && size < plan.length) {
          plan[size++] = replica;
        }
      }
    }
    int replicasInPlan = size;
    for (int i = 0; i < local.length; i++) {
      DefaultNode node = local[(i + rotation) % local.length];
      if (node.isUp() && !contains(plan, replicasInPlan, node) && size < plan.length) {
        plan[size++] = node;
      }
    }
    return new QueryPlan(plan, size);
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
