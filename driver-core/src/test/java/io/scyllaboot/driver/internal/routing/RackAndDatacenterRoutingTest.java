package io.scyllaboot.driver.internal.routing;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.metadata.NodeState;
import io.scyllaboot.driver.internal.metadata.DefaultNode;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Plans with a local rack, remote-DC failover and a node filter. The ring: dc1 nodes 1 (rack1), 2
 * (rack2), 3 (rack1), 4 (rack2), dc2 nodes 5 and 6; each node owns the tokens up to its own.
 */
class RackAndDatacenterRoutingTest {
  private static final long[] TOKENS = {-9_000, -6_000, -3_000, 0, 3_000, 6_000};

  private final List<DefaultNode> nodes = new ArrayList<>();

  RackAndDatacenterRoutingTest() {
    String[] dcs = {"dc1", "dc1", "dc1", "dc1", "dc2", "dc2"};
    String[] racks = {"rack1", "rack2", "rack1", "rack2", "rack1", "rack1"};
    for (int i = 0; i < dcs.length; i++) {
      DefaultNode node = new DefaultNode(new InetSocketAddress("127.0.0." + (i + 1), 9042));
      node.update(dcs[i], racks[i], new UUID(0, i + 1), "5.0", Set.of(Long.toString(TOKENS[i])));
      node.state(NodeState.UP);
      nodes.add(node);
    }
  }

  private DefaultNode n(int number) {
    return nodes.get(number - 1);
  }

  private LoadBalancingPolicy policy(RoutingSettings routing) {
    return policy(routing, Set.of());
  }

  private LoadBalancingPolicy policy(RoutingSettings routing, Set<String> profileDatacenters) {
    LoadBalancingPolicy policy = new LoadBalancingPolicy("dc1", routing, profileDatacenters);
    policy.update(
        nodes,
        TokenMap.build(
            nodes,
            Map.of(
                "ks",
                Map.of(
                    "class",
                    "org.apache.cassandra.locator.NetworkTopologyStrategy",
                    "dc1",
                    "3",
                    "dc2",
                    "1"))));
    return policy;
  }

  private static List<DefaultNode> all(QueryPlan plan) {
    List<DefaultNode> polled = new ArrayList<>();
    DefaultNode node;
    while ((node = plan.poll()) != null) {
      polled.add(node);
    }
    return polled;
  }

  // Token -5_000 belongs to node 2 (its first token >= -5_000 is -3_000: node 3). Replicas in dc1
  // clockwise from node 3: 3, 4, 1; node 2 is the only local non-replica.

  @Test
  void should_put_the_local_racks_replicas_first_then_the_other_local_replicas() {
    LoadBalancingPolicy policy = policy(RoutingSettings.DEFAULTS.withLocalRack("rack1"));
    Set<DefaultNode> firsts = new HashSet<>();
    for (int i = 0; i < 40; i++) {
      List<DefaultNode> plan = all(policy.newPlan("ks", -5_000, true, false));
      assertThat(plan.subList(0, 2)).containsExactlyInAnyOrder(n(1), n(3));
      assertThat(plan.get(2)).as("the other rack's replica").isSameAs(n(4));
      assertThat(plan.get(3)).as("then the non-replica").isSameAs(n(2));
      assertThat(plan).hasSize(4).doesNotContain(n(5), n(6));
      firsts.add(plan.get(0));
    }
    assertThat(firsts).as("rotated within the rack").containsExactlyInAnyOrder(n(1), n(3));
  }

  @Test
  void should_order_non_replicas_by_rack_when_a_request_has_no_routing_key() {
    LoadBalancingPolicy policy = policy(RoutingSettings.DEFAULTS.withLocalRack("rack2"));
    for (int i = 0; i < 20; i++) {
      List<DefaultNode> plan = all(policy.newPlan());
      assertThat(plan.subList(0, 2)).containsExactlyInAnyOrder(n(2), n(4));
      assertThat(plan.subList(2, 4)).containsExactlyInAnyOrder(n(1), n(3));
    }
  }

  @Test
  void should_keep_a_lightweight_transactions_primary_first_and_prefer_the_local_rack_after_it() {
    // Ring order of -5_000's local replicas: 3 (rack1, the primary), 4 (rack2), 1 (rack1).
    LoadBalancingPolicy policy = policy(RoutingSettings.DEFAULTS.withLocalRack("rack2"));
    for (int i = 0; i < 20; i++) {
      assertThat(all(policy.newPlan("ks", -5_000, true, true)))
          .containsExactly(n(3), n(4), n(1), n(2));
    }
    LoadBalancingPolicy noRack = policy(RoutingSettings.DEFAULTS);
    assertThat(all(noRack.newPlan("ks", -5_000, true, true)))
        .as("without a rack: ring order")
        .containsExactly(n(3), n(4), n(1), n(2));
    LoadBalancingPolicy rack1 = policy(RoutingSettings.DEFAULTS.withLocalRack("rack1"));
    assertThat(all(rack1.newPlan("ks", -5_000, true, true)))
        .as("rack1: node 1 moves ahead of node 4, the primary stays")
        .containsExactly(n(3), n(1), n(4), n(2));
  }

  @Test
  void should_move_an_unresponsive_local_rack_replica_behind_every_other_node() {
    LoadBalancingPolicy policy = policy(RoutingSettings.DEFAULTS.withLocalRack("rack1"));
    n(1).connectionResponsive(false);
    for (int i = 0; i < 20; i++) {
      List<DefaultNode> plan = all(policy.newPlan("ks", -5_000, true, false));
      assertThat(plan).containsExactly(n(3), n(4), n(2), n(1));
    }
    n(1).connectionResponsive(true);
    assertThat(all(policy.newPlan("ks", -5_000, true, false)).get(3)).isSameAs(n(2));
  }

  @Test
  void should_move_a_busy_local_rack_replica_behind_the_next_one() {
    LoadBalancingPolicy policy = policy(RoutingSettings.DEFAULTS.withLocalRack("rack1"));
    n(1).counters(() -> 1, () -> 50);
    for (int i = 0; i < 20; i++) {
      List<DefaultNode> plan = all(policy.newPlan("ks", -5_000, true, false));
      assertThat(plan.get(0)).as("the busy node 1 never first").isSameAs(n(3));
    }
  }

  @Test
  void should_append_at_most_n_nodes_per_remote_datacenter_only_when_asked() {
    LoadBalancingPolicy policy = policy(RoutingSettings.DEFAULTS.withRemoteFailover(1, false));
    assertThat(all(policy.newPlan("ks", -5_000, true, false)))
        .as("not asked: local only")
        .hasSize(4)
        .doesNotContain(n(5), n(6));
    Set<DefaultNode> remotes = new HashSet<>();
    for (int i = 0; i < 20; i++) {
      List<DefaultNode> plan = all(policy.newPlan("ks", -5_000, true, false, true));
      assertThat(plan).hasSize(5);
      assertThat(plan.subList(0, 4)).containsExactlyInAnyOrder(n(1), n(2), n(3), n(4));
      remotes.add(plan.get(4));
    }
    assertThat(remotes).as("rotated over dc2").containsExactlyInAnyOrder(n(5), n(6));
    n(5).state(NodeState.DOWN);
    assertThat(all(policy.newPlan(null, 0, false, false, true))).endsWith(n(6));
    assertThat(policy.needsPool(n(6))).isTrue();
    assertThat(n(6).distance()).isEqualTo(DefaultNode.REMOTE);
  }

  @Test
  void should_serve_from_the_remote_datacenter_when_every_local_node_is_down() {
    LoadBalancingPolicy policy = policy(RoutingSettings.DEFAULTS.withRemoteFailover(2, false));
    for (int i = 1; i <= 4; i++) {
      n(i).state(NodeState.DOWN);
    }
    assertThat(all(policy.newPlan("ks", -5_000, true, false, true)))
        .containsExactlyInAnyOrder(n(5), n(6));
    assertThat(all(policy.newPlan("ks", -5_000, true, false, false))).isEmpty();
  }

  @Test
  void should_put_unresponsive_local_nodes_behind_the_remote_ones() {
    LoadBalancingPolicy policy = policy(RoutingSettings.DEFAULTS.withRemoteFailover(1, false));
    for (int i = 1; i <= 4; i++) {
      n(i).connectionResponsive(false);
    }
    List<DefaultNode> plan = all(policy.newPlan("ks", -5_000, true, false, true));
    assertThat(plan.get(0)).isIn(n(5), n(6));
    assertThat(plan).hasSize(5);
  }

  @Test
  void should_ignore_remote_datacenters_without_failover() {
    LoadBalancingPolicy policy = policy(RoutingSettings.DEFAULTS);
    assertThat(policy.needsPool(n(5))).isFalse();
    assertThat(all(policy.newPlan(null, 0, false, false, true))).hasSize(4);
  }

  @Test
  void should_never_use_a_node_the_filter_rejects() {
    LoadBalancingPolicy policy =
        policy(
            RoutingSettings.DEFAULTS
                .withNodeFilter(node -> !node.address().getHostString().equals("127.0.0.3"))
                .withRemoteFailover(2, false));
    for (int i = 0; i < 20; i++) {
      assertThat(all(policy.newPlan("ks", -5_000, true, false, true)))
          .hasSize(5)
          .doesNotContain(n(3));
      assertThat(all(policy.newPlan())).doesNotContain(n(3));
    }
    assertThat(policy.needsPool(n(3))).isFalse();
    assertThat(n(3).distance()).isEqualTo(DefaultNode.IGNORED);
  }

  @Test
  void should_reject_a_node_whose_filter_throws_and_keep_the_others() {
    LoadBalancingPolicy policy =
        policy(
            RoutingSettings.DEFAULTS.withNodeFilter(
                node -> {
                  if ("rack2".equals(node.rack())) {
                    throw new IllegalStateException("boom");
                  }
                  return true;
                }));
    assertThat(all(policy.newPlan())).containsExactlyInAnyOrder(n(1), n(3));
  }

  @Test
  void should_order_a_tablets_replicas_by_rack() {
    LoadBalancingPolicy policy = policy(RoutingSettings.DEFAULTS.withLocalRack("rack2"));
    policy
        .tablets()
        .add(
            "ks",
            "t",
            new Tablet(
                -10_000,
                10_000,
                List.of(
                    new Tablet.Replica(n(1).hostId(), 3), new Tablet.Replica(n(2).hostId(), 5))));
    for (int i = 0; i < 10; i++) {
      QueryPlan plan = policy.newPlan("ks", "t", 0, true);
      assertThat(plan.poll()).as("ring order: tablet primary").isSameAs(n(1));
      assertThat(plan.poll()).isSameAs(n(2));
      QueryPlan rotated = policy.newPlan("ks", "t", 0, false);
      assertThat(rotated.poll()).as("rack2's replica first").isSameAs(n(2));
      assertThat(rotated.shard()).isEqualTo(5);
      assertThat(rotated.poll()).isSameAs(n(1));
      assertThat(rotated.shard()).isEqualTo(3);
    }
  }

  @Test
  void should_allow_remote_nodes_by_consistency_level() {
    RoutingSettings off = RoutingSettings.DEFAULTS;
    RoutingSettings on = off.withRemoteFailover(1, false);
    RoutingSettings local = off.withRemoteFailover(1, true);
    assertThat(off.remoteAllowed(ConsistencyLevel.ONE)).isFalse();
    assertThat(on.remoteAllowed(ConsistencyLevel.ONE)).isTrue();
    assertThat(on.remoteAllowed(ConsistencyLevel.QUORUM)).isTrue();
    assertThat(on.remoteAllowed(ConsistencyLevel.LOCAL_QUORUM)).isFalse();
    assertThat(on.remoteAllowed(ConsistencyLevel.LOCAL_ONE)).isFalse();
    assertThat(on.remoteAllowed(ConsistencyLevel.LOCAL_SERIAL)).isFalse();
    assertThat(local.remoteAllowed(ConsistencyLevel.LOCAL_QUORUM)).isTrue();
  }

  @Test
  void should_reject_invalid_routing_settings() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> RoutingSettings.DEFAULTS.withRemoteFailover(-1, false))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("must not be negative");
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> RoutingSettings.DEFAULTS.withLocalRack(" "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("blank");
  }

  // A profile's own data center (ExecutionProfile.localDatacenter): token -5_000's dc2 replica is
  // node 5 (the first dc2 node clockwise from node 3).

  @Test
  void should_pool_and_plan_a_profiles_datacenter_only_for_that_profile() {
    LoadBalancingPolicy without = policy(RoutingSettings.DEFAULTS);
    assertThat(without.needsPool(n(5))).as("no profile names dc2: no pool").isFalse();
    LoadBalancingPolicy policy = policy(RoutingSettings.DEFAULTS, Set.of("dc2"));
    assertThat(policy.needsPool(n(5))).isTrue();
    assertThat(policy.needsPool(n(6))).isTrue();
    Set<DefaultNode> firsts = new HashSet<>();
    for (int i = 0; i < 20; i++) {
      assertThat(all(policy.newPlanIn("dc2", "ks", null, -5_000, true, false)))
          .as("dc2's replica first, then its other node, never dc1")
          .containsExactly(n(5), n(6));
      List<DefaultNode> unrouted = all(policy.newPlanIn("dc2", null, null, 0, false, false));
      assertThat(unrouted).containsExactlyInAnyOrder(n(5), n(6));
      firsts.add(unrouted.get(0));
      assertThat(all(policy.newPlan("ks", -5_000, true, false)))
          .as("the default plans stay in dc1")
          .doesNotContain(n(5), n(6));
    }
    assertThat(firsts).as("rotated").containsExactlyInAnyOrder(n(5), n(6));
    assertThat(all(policy.newPlanIn("dc3", null, null, 0, false, false)))
        .as("a data center without nodes: an empty plan")
        .isEmpty();
  }

  @Test
  void should_leave_out_a_down_node_and_put_an_unresponsive_one_last_in_a_profiles_datacenter() {
    LoadBalancingPolicy policy = policy(RoutingSettings.DEFAULTS, Set.of("dc2"));
    n(5).connectionResponsive(false);
    assertThat(all(policy.newPlanIn("dc2", "ks", null, -5_000, true, false)))
        .containsExactly(n(6), n(5));
    n(5).connectionResponsive(true);
    n(6).state(NodeState.DOWN);
    for (int i = 0; i < 5; i++) {
      assertThat(all(policy.newPlanIn("dc2", null, null, 0, false, false))).containsExactly(n(5));
    }
  }

  @Test
  void should_plan_a_tablets_replicas_of_a_profiles_datacenter_with_their_shards() {
    LoadBalancingPolicy policy = policy(RoutingSettings.DEFAULTS, Set.of("dc2"));
    policy
        .tablets()
        .add(
            "ks",
            "t",
            new Tablet(
                -10_000,
                10_000,
                List.of(
                    new Tablet.Replica(n(1).hostId(), 3), new Tablet.Replica(n(6).hostId(), 7))));
    QueryPlan plan = policy.newPlanIn("dc2", "ks", "t", 0, true, false);
    assertThat(plan.poll()).as("the tablet's dc2 replica").isSameAs(n(6));
    assertThat(plan.shard()).isEqualTo(7);
    assertThat(plan.poll()).isSameAs(n(5));
    assertThat(plan.shard()).isEqualTo(-1);
    assertThat(plan.poll()).isNull();
  }
}
