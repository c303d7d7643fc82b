package io.scyllaboot.driver.internal.routing;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.metadata.NodeState;
import io.scyllaboot.driver.internal.metadata.DefaultNode;
import java.net.InetSocketAddress;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Query plans: replicas first, rotated for regular statements, in ring order for LWTs. */
class LoadBalancingPolicyTest {

  private static DefaultNode node(int i, long token) {
    DefaultNode node = new DefaultNode(new InetSocketAddress("127.0.0." + i, 9042));
    node.update("dc1", "r1", new UUID(0, i), "5.0", Set.of(Long.toString(token)));
    node.state(NodeState.UP);
    return node;
  }

  private final List<DefaultNode> nodes =
      List.of(
          node(1, -6_000_000_000_000_000_000L), node(2, 0), node(3, 6_000_000_000_000_000_000L));

  private LoadBalancingPolicy policy() {
    LoadBalancingPolicy policy = new LoadBalancingPolicy("dc1");
    policy.update(
        nodes,
        TokenMap.build(
            nodes,
            Map.of(
                "ks",
                Map.of(
                    "class", "org.apache.cassandra.locator.SimpleStrategy",
                    "replication_factor", "2"))));
    return policy;
  }

  @Test
  void should_keep_ring_order_for_lightweight_transactions() {
    LoadBalancingPolicy policy = policy();
    for (int i = 0; i < 50; i++) {
      QueryPlan plan = policy.newPlan("ks", 1, true, true);
      assertThat(plan.poll()).as("primary replica of token 1").isSameAs(nodes.get(2));
      assertThat(plan.poll()).as("then the next replica clockwise").isSameAs(nodes.get(0));
      assertThat(plan.poll()).isSameAs(nodes.get(1));
    }
  }

  @Test
  void should_rotate_replicas_for_other_statements() {
    LoadBalancingPolicy policy = policy();
    Set<DefaultNode> firsts = new HashSet<>();
    for (int i = 0; i < 50; i++) {
      QueryPlan plan = policy.newPlan("ks", 1, true, false);
      DefaultNode first = plan.poll();
      assertThat(first).isIn(nodes.get(2), nodes.get(0));
      firsts.add(first);
    }
    assertThat(firsts).hasSize(2);
  }

  @Test
  void should_route_to_the_replicas_and_shards_of_a_known_tablet() {
    LoadBalancingPolicy policy = policy();
    assertThat(policy.newPlan("ks", "t", 1, true).shard()).as("no tablet yet").isEqualTo(-1);
    addTablet(policy, 3, 1);
    for (int i = 0; i < 20; i++) {
      QueryPlan plan = policy.newPlan("ks", "t", 1, true);
      assertThat(plan.poll()).isSameAs(nodes.get(1));
      assertThat(plan.shard()).isEqualTo(3);
      assertThat(plan.poll()).isSameAs(nodes.get(0));
      assertThat(plan.shard()).isEqualTo(1);
      assertThat(plan.poll()).isSameAs(nodes.get(2));
      assertThat(plan.shard()).as("not a replica: the token decides").isEqualTo(-1);
    }
    assertThat(policy.newPlan("ks", "t", 500, true).shard()).as("outside the tablet").isEqualTo(-1);
    // A node that left drops the tablets that name it.
    policy.update(List.of(nodes.get(0), nodes.get(2)), TokenMap.empty());
    assertThat(policy.tablets().tablets("ks", "t")).isEmpty();
  }

  @Test
  void should_give_a_replica_that_came_back_up_a_quarter_of_its_first_places() {
    LoadBalancingPolicy policy = policy();
    DefaultNode restarted = nodes.get(2);
    restarted.state(NodeState.DOWN);
    restarted.state(NodeState.UP);
    int first = 0;
    for (int i = 0; i < 2000; i++) {
      if (policy.newPlan("ks", 1, true, false).poll() == restarted) {
        first++;
      }
    }
    // Without warm-up: half of the plans (two replicas rotated); with it, about 1/8.
    assertThat(first).isBetween(120, 400);
    // Lightweight transactions keep ring order whatever the state.
    assertThat(policy.newPlan("ks", 1, true, true).poll()).isSameAs(restarted);
  }

  @Test
  void should_move_a_busy_first_replica_behind_the_second() {
    LoadBalancingPolicy policy = policy();
    nodes.get(2).counters(() -> 1, () -> 50);
    nodes.get(0).counters(() -> 1, () -> 3);
    for (int i = 0; i < 50; i++) {
      QueryPlan plan = policy.newPlan("ks", 1, true, false);
      assertThat(plan.poll()).isSameAs(nodes.get(0));
      assertThat(plan.poll()).isSameAs(nodes.get(2));
    }
  }

  /** Table ks.t in one tablet: replicas the nodes of host ids 2 (nodes.get(1)), then 1. */
  private static void addTablet(LoadBalancingPolicy policy, int shardOnHost2, int shardOnHost1) {
    policy
        .tablets()
        .add(
            "ks",
            "t",
            new Tablet(
                -100,
                100,
                List.of(
                    new Tablet.Replica(new UUID(0, 2), shardOnHost2),
                    new Tablet.Replica(new UUID(0, 1), shardOnHost1))));
  }

  private static List<DefaultNode> order(QueryPlan plan) {
    List<DefaultNode> order = new java.util.ArrayList<>();
    DefaultNode next;
    while ((next = plan.poll()) != null) {
      order.add(next);
    }
    return order;
  }

  @Test
  void should_give_each_node_of_a_routed_plan_once_to_concurrent_takers() throws Exception {
    // A routed plan starts with its replicas and completes itself when they are passed; the
    // speculative executions of a request take from it concurrently, across that completion.
    LoadBalancingPolicy policy = policy();
    for (int round = 0; round < 200; round++) {
      QueryPlan plan = policy.newPlan("ks", 1, true, false);
      List<DefaultNode> taken = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
      java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(4);
      List<Thread> takers = new java.util.ArrayList<>();
      for (int t = 0; t < 4; t++) {
        Thread taker =
            new Thread(
                () -> {
                  try {
                    start.await();
                  } catch (Exception e) {
                    throw new IllegalStateException(e);
                  }
                  for (int index = plan.pollIndex(); index >= 0; index = plan.pollIndex()) {
                    taken.add(plan.node(index));
                  }
                });
        taker.start();
        takers.add(taker);
      }
      for (Thread taker : takers) {
        taker.join();
      }
      assertThat(taken).containsExactlyInAnyOrderElementsOf(nodes);
      assertThat(plan.hasNext()).isFalse();
    }
  }

  @Test
  void should_complete_a_routed_plan_with_the_other_nodes_after_its_replicas() {
    LoadBalancingPolicy policy = policy();
    QueryPlan plan = policy.newPlan("ks", 1, true, false);
    List<DefaultNode> replicas = List.of(plan.poll(), plan.poll());

    assertThat(replicas).containsExactlyInAnyOrder(nodes.get(2), nodes.get(0));
    assertThat(plan.hasNext()).as("the other node is still to come").isTrue();
    assertThat(plan.poll()).isSameAs(nodes.get(1));
    assertThat(plan.poll()).isNull();
    assertThat(plan.size()).isEqualTo(3);
  }

  @Test
  void should_put_an_unresponsive_node_last_in_every_kind_of_plan() {
    LoadBalancingPolicy policy = policy();
    DefaultNode frozen = nodes.get(2); // the primary replica of token 1
    frozen.connectionResponsive(false);
    for (int i = 0; i < 30; i++) {
      List<DefaultNode> unrouted = order(policy.newPlan());
      assertThat(unrouted).hasSize(3).last().isSameAs(frozen);
      List<DefaultNode> routed = order(policy.newPlan("ks", 1, true, false));
      assertThat(routed).hasSize(3).last().isSameAs(frozen);
      assertThat(routed.get(0)).as("the other replica first").isSameAs(nodes.get(0));
      // LWT: the next replica clockwise takes the frozen primary's place, the order otherwise kept.
      assertThat(order(policy.newPlan("ks", 1, true, true)))
          .containsExactly(nodes.get(0), nodes.get(1), frozen);
    }
    // It answers again: the primary is first again for LWTs, and takes its share of the others.
    frozen.connectionResponsive(true);
    assertThat(order(policy.newPlan("ks", 1, true, true)))
        .containsExactly(frozen, nodes.get(0), nodes.get(1));
    Set<DefaultNode> firsts = new HashSet<>();
    for (int i = 0; i < 30; i++) {
      firsts.add(policy.newPlan().poll());
    }
    assertThat(firsts).contains(frozen);
  }

  @Test
  void should_keep_a_tablet_replica_and_its_shard_together_when_it_is_put_last() {
    LoadBalancingPolicy policy = policy();
    addTablet(policy, 3, 1);
    nodes.get(1).connectionResponsive(false);
    QueryPlan plan = policy.newPlan("ks", "t", 1, true);
    assertThat(plan.poll()).isSameAs(nodes.get(0));
    assertThat(plan.shard()).isEqualTo(1);
    assertThat(plan.poll()).isSameAs(nodes.get(2));
    assertThat(plan.shard()).isEqualTo(-1);
    assertThat(plan.poll()).isSameAs(nodes.get(1));
    assertThat(plan.shard()).isEqualTo(3);
  }

  @Test
  void should_move_a_busy_first_node_of_an_unrouted_plan_behind_the_second() {
    LoadBalancingPolicy policy = policy();
    nodes.get(0).counters(() -> 1, () -> 40);
    int first = 0;
    for (int i = 0; i < 300; i++) {
      if (policy.newPlan().poll() == nodes.get(0)) {
        first++;
      }
    }
    assertThat(first).as("plans led by the busy node").isZero();
  }

  @Test
  void should_give_each_position_of_a_plan_to_one_caller_only() throws Exception {
    LoadBalancingPolicy policy = policy();
    for (int round = 0; round < 200; round++) {
      QueryPlan plan = policy.newPlan();
      java.util.concurrent.ConcurrentLinkedQueue<DefaultNode> taken =
          new java.util.concurrent.ConcurrentLinkedQueue<>();
      java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
      List<Thread> threads = new java.util.ArrayList<>();
      for (int t = 0; t < 4; t++) {
        Thread thread =
            new Thread(
                () -> {
                  try {
                    go.await();
                  } catch (InterruptedException e) {
                    return;
                  }
                  int index;
                  while ((index = plan.pollIndex()) >= 0) {
                    taken.add(plan.node(index));
                  }
                });
        thread.start();
        threads.add(thread);
      }
      go.countDown();
      for (Thread thread : threads) {
        thread.join();
      }
      assertThat(taken).hasSize(3).doesNotHaveDuplicates();
    }
  }

  @Test
  void should_build_every_plan_across_the_wrap_of_the_round_robin_counter() {
    // Three nodes: not a power of two, so a negative index would not be masked back in range.
    LoadBalancingPolicy policy = policy();
    addTablet(policy, 0, 0);
    policy.roundRobin(Integer.MAX_VALUE - 3);
    for (int i = 0; i < 8; i++) { // through MAX_VALUE, MIN_VALUE and on
      assertThat(order(policy.newPlan())).as("unrouted").containsExactlyInAnyOrderElementsOf(nodes);
      assertThat(order(policy.newPlan("ks", 1, true, false)))
          .as("routed")
          .containsExactlyInAnyOrderElementsOf(nodes);
      assertThat(order(policy.newPlan("ks", "t", 1, false)))
          .as("tablet")
          .containsExactlyInAnyOrderElementsOf(nodes);
    }
  }
}
