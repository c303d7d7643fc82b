package io.scyllaboot.driver.internal.routing;

import io.scyllaboot.driver.internal.metadata.DefaultNode;
import java.util.Arrays;
import java.util.Map;
import java.util.UUID;

/**
 * The plans of one data center named by an execution profile ({@link
 * LoadBalancingPolicy#newPlanIn}): that data center's replicas first, then its other nodes, the
 * unresponsive ones last. Off the common path (only statements of such a profile), so clarity wins
 * over the default plans' lazy tail.
 */
final class DatacenterPlan {
  private DatacenterPlan() {}

  /** The data center's up replicas of a token (ring order, or rotated), then its other up nodes. */
  static QueryPlan ofReplicas(
      String datacenter,
      DefaultNode[] nodes,
      DefaultNode[] replicas,
      int rotation,
      boolean ringOrder) {
    DefaultNode[] plan = new DefaultNode[nodes.length];
    int size = 0;
    int count = replicas.length;
    int replicaRotation = ringOrder || count == 0 ? 0 : rotation % count;
    for (int i = 0; i < count && size < plan.length; i++) {
      DefaultNode replica = replicas[(i + replicaRotation) % count];
      if (replica.isUp() && inPlan(replica, datacenter)) {
        plan[size++] = replica;
      }
    }
    size = appendOthers(plan, size, nodes, rotation);
    PlanOrdering.demoteUnresponsive(plan, null, size);
    return new QueryPlan(plan, size).ownDatacenter();
  }

  /** The data center's up replicas of a tablet, each with its shard, then its other up nodes. */
  static QueryPlan ofTablet(
      String datacenter,
      DefaultNode[] nodes,
      Tablet tablet,
      Map<UUID, DefaultNode> nodesByHostId,
      int rotation,
      boolean ringOrder) {
    DefaultNode[] plan = new DefaultNode[nodes.length];
    int[] shards = new int[nodes.length];
    Arrays.fill(shards, -1);
    int size = 0;
    int count = tablet.replicas().size();
    int replicaRotation = ringOrder || count == 0 ? 0 : rotation % count;
    for (int i = 0; i < count && size < plan.length; i++) {
      Tablet.Replica replica = tablet.replicas().get((i + replicaRotation) % count);
      DefaultNode node = nodesByHostId.get(replica.hostId());
      if (node != null && node.isUp() && inPlan(node, datacenter)) {
        shards[size] = replica.shard();
        plan[size++] = node;
      }
    }
    size = appendOthers(plan, size, nodes, rotation);
    PlanOrdering.demoteUnresponsive(plan, shards, size);
    return new QueryPlan(plan, size, shards).ownDatacenter();
  }

  /** Appends the data center's up nodes not yet in the plan, rotated; returns the new size. */
  private static int appendOthers(DefaultNode[] plan, int size, DefaultNode[] nodes, int rotation) {
    int replicasInPlan = size;
    for (int i = 0; i < nodes.length && size < plan.length; i++) {
      DefaultNode node = nodes[PlanOrdering.rotated(i, rotation, nodes.length)];
      if (node.isUp() && !PlanOrdering.contains(plan, replicasInPlan, node)) {
        plan[size++] = node;
      }
    }
    return size;
  }

  /** Of the data center, and not refused by the node filter. */
  private static boolean inPlan(DefaultNode node, String datacenter) {
    return datacenter.equals(node.datacenter()) && node.distance() != DefaultNode.IGNORED;
  }
}
