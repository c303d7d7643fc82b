package io.scyllaboot.driver.internal.routing;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.internal.metadata.DefaultNode;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Issue 32, defect 6: NetworkTopologyStrategy replicas as the server computes them, per data
 * center: a node of every rack not used yet before a second node of a used rack, and rack repeats
 * only when the factor exceeds the racks. Every expectation is derived by hand from this ring
 * (token order):
 *
 * <pre>
 *   token   0: A dc1 r1      token 300: D dc1 r2
 *   token 100: B dc1 r1      token 400: E dc1 r3
 *   token 200: C dc1 r2      token 450: H dc2 x1
 *   token 250: G dc2 x1      token 500: F dc1 r3
 * </pre>
 *
 * A token is owned from the first ring token at or after it; the walk goes clockwise from there.
 */
class NetworkTopologyReplicasTest {
  private final List<DefaultNode> nodes = new ArrayList<>();
  private final DefaultNode a = node("A", "dc1", "r1", 0);
  private final DefaultNode b = node("B", "dc1", "r1", 100);
  private final DefaultNode c = node("C", "dc1", "r2", 200);
  private final DefaultNode g = node("G", "dc2", "x1", 250);
  private final DefaultNode d = node("D", "dc1", "r2", 300);
  private final DefaultNode e = node("E", "dc1", "r3", 400);
  private final DefaultNode h = node("H", "dc2", "x1", 450);
  private final DefaultNode f = node("F", "dc1", "r3", 500);

  private DefaultNode node(String name, String dc, String rack, long token) {
    int i = nodes.size() + 1;
    DefaultNode node = new DefaultNode(new InetSocketAddress("127.0.1." + i, 9042));
    node.update(dc, rack, new UUID(0, i), "5.0", Set.of(Long.toString(token)));
    nodes.add(node);
    return node;
  }

  private TokenMap map(Map<String, String> replication) {
    return TokenMap.build(nodes, Map.of("ks", replication));
  }

  private static Map<String, String> nts(String... factors) {
    Map<String, String> options = new java.util.HashMap<>();
    options.put("class", "org.apache.cassandra.locator.NetworkTopologyStrategy");
    for (int i = 0; i < factors.length; i += 2) {
      options.put(factors[i], factors[i + 1]);
    }
    return options;
  }

  private static List<DefaultNode> replicas(TokenMap map, long token) {
    return Arrays.asList(map.replicas("ks", token));
  }

  @Test
  void should_take_a_node_of_each_rack_before_a_second_node_of_a_rack() {
    TokenMap map = map(nts("dc1", "3"));
    // From B: B (r1), C (r2), D skipped (r2 used), E (r3). Rack-blind: B, C, D.
    assertThat(replicas(map, 50)).containsExactly(b, c, e);
    // From A: A (r1), B skipped, C (r2), D skipped, E (r3).
    assertThat(replicas(map, 0)).containsExactly(a, c, e);
    // From C: C (r2), D skipped, E (r3), F skipped, A (r1) after the wrap.
    assertThat(replicas(map, 150)).containsExactly(c, e, a);
    // From D (token 300): D (r2), E (r3), F skipped, A (r1).
    assertThat(replicas(map, 260)).containsExactly(d, e, a);
    // Past the last token: A's range, as token 0.
    assertThat(replicas(map, 550)).containsExactly(a, c, e);
  }

  @Test
  void should_repeat_racks_only_when_the_factor_exceeds_the_racks() {
    TokenMap map = map(nts("dc1", "4"));
    // Three racks, factor 4: one repeat, the first met. From B: B r1, C r2, D r2 (the repeat), E
    // r3.
    assertThat(replicas(map, 50)).containsExactlyInAnyOrder(b, c, d, e);
    assertThat(replicas(map, 50).get(0)).isEqualTo(b);
    // From E: E r3, F r3 (the repeat), A r1, B r1 refused (no repeat left), C r2.
    assertThat(replicas(map, 350)).containsExactlyInAnyOrder(e, f, a, c);
  }

  @Test
  void should_walk_each_data_center_on_its_own() {
    TokenMap map = map(nts("dc1", "2", "dc2", "2"));
    // From B: B (dc1 r1), C (dc1 r2): dc1 done; G (dc2), D skipped, E skipped, H (dc2).
    assertThat(replicas(map, 50)).containsExactly(b, c, g, h);
    // From H (token 450): H (dc2), F (dc1 r3), A (dc1 r1): dc1 done; G (dc2).
    assertThat(replicas(map, 420)).containsExactly(h, f, a, g);
  }

  @Test
  void should_stop_at_the_nodes_a_data_center_has() {
    TokenMap map = map(nts("dc1", "1", "dc2", "5"));
    assertThat(replicas(map, 50)).containsExactly(b, g, h);
  }

  @Test
  void should_ignore_a_data_center_without_nodes_and_the_unknown_keyspaces() {
    TokenMap map = map(nts("dc1", "1", "dc9", "3"));
    assertThat(replicas(map, 50)).containsExactly(b);
    assertThat(map.replicas("other", 50)).isEmpty();
  }

  @Test
  void should_build_the_replica_tables_with_the_map_not_on_a_lookup() {
    TokenMap map = map(nts("dc1", "3"));
    // Built with the map, before any lookup: a request never computes a table.
    assertThat(map.builtKeyspaces()).containsExactly("ks");
    assertThat(map.replicas("ks", 50)).isSameAs(map.replicas("ks", 60));
  }
}
