package io.scyllaboot.driver.internal.routing;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.token.Token;
import com.datastax.oss.driver.internal.core.metadata.token.Murmur3Token;
import io.scyllaboot.driver.internal.metadata.DefaultNode;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * NetworkTopologyStrategy replicas against a client we did not write: the Apache driver 4.19's own
 * implementation of the server's rack-aware walk, on seeded random rings (two data centers, one to
 * four racks each, one to eight tokens per node, factors up to five). Every ring token's replicas
 * must be the same nodes with the same first one. The hand-derived cases are in {@link
 * NetworkTopologyReplicasTest}; this one catches what a hand-drawn ring does not show.
 */
class NetworkTopologyReplicasOracleTest {

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16})
  void should_choose_the_replicas_the_apache_driver_chooses(long seed) throws Exception {
    Random random = new Random(seed);
    List<DefaultNode> ours = new ArrayList<>();
    Map<Token, Node> tokenToPrimary = new HashMap<>();
    Map<Node, DefaultNode> oursOf = new HashMap<>();
    Set<Long> used = new HashSet<>();
    int nodes = 3 + random.nextInt(10);
    for (int i = 1; i <= nodes; i++) {
      String dc = random.nextInt(3) == 0 ? "dc2" : "dc1";
      String rack = "r" + (1 + random.nextInt(dc.equals("dc1") ? 4 : 2));
      Set<String> tokens = new HashSet<>();
      int count = 1 + random.nextInt(8);
      while (tokens.size() < count) {
        long token = random.nextLong();
        if (used.add(token)) {
          tokens.add(Long.toString(token));
        }
      }
      DefaultNode node = new DefaultNode(new InetSocketAddress("127.0.2." + i, 9042));
      node.update(dc, rack, new UUID(0, i), "5.0", tokens);
      ours.add(node);
      Node theirs = apacheNode(dc, rack, "node" + i);
      oursOf.put(theirs, node);
      for (String token : tokens) {
        tokenToPrimary.put(new Murmur3Token(Long.parseLong(token)), theirs);
      }
    }
    Map<String, String> replication = new HashMap<>();
    replication.put("class", "org.apache.cassandra.locator.NetworkTopologyStrategy");
    replication.put("dc1", Integer.toString(1 + random.nextInt(5)));
    replication.put("dc2", Integer.toString(1 + random.nextInt(3)));

    List<Token> ring = new ArrayList<>(tokenToPrimary.keySet());
    ring.sort(null);
    Map<Token, Set<Node>> expected = apacheReplicas(replication, tokenToPrimary, ring);
    TokenMap map = TokenMap.build(ours, Map.of("ks", replication));

    for (Token token : ring) {
      List<DefaultNode> theirs = new ArrayList<>();
      for (Node node : expected.get(token)) {
        theirs.add(oursOf.get(node));
      }
      long value = ((Murmur3Token) token).getValue();
      List<DefaultNode> replicas = Arrays.asList(map.replicas("ks", value));
      // The same nodes, the same first one. The order after it may differ: a rack repeat is
      // placed where the walk meets it, as the server's walk since Cassandra 4.0 does
      // (acceptable rack repeats), while the Apache driver appends repeats once every rack is
      // seen, as the server's walk did before.
      assertThat(replicas)
          .as("token %d, replication %s", value, replication)
          .containsExactlyInAnyOrderElementsOf(theirs);
      if (!theirs.isEmpty()) {
        assertThat(replicas.get(0))
            .as("token %d: the first replica", value)
            .isEqualTo(theirs.get(0));
      }
    }
  }

  /** The Apache driver's strategy; its constructor is package-private. */
  @SuppressWarnings("unchecked")
  private static Map<Token, Set<Node>> apacheReplicas(
      Map<String, String> replication, Map<Token, Node> tokenToPrimary, List<Token> ring)
      throws Exception {
    Class<?> type =
        Class.forName(
            "com.datastax.oss.driver.internal.core.metadata.token.NetworkTopologyReplicationStrategy");
    Constructor<?> constructor = type.getDeclaredConstructor(Map.class, String.class);
    constructor.setAccessible(true);
    Object strategy = constructor.newInstance(replication, "oracle");
    Method compute = type.getMethod("computeReplicasByToken", Map.class, List.class);
    compute.setAccessible(true);
    return (Map<Token, Set<Node>>) compute.invoke(strategy, tokenToPrimary, ring);
  }

  /** An Apache driver node that answers what the strategy asks: its data center and rack. */
  private static Node apacheNode(String dc, String rack, String name) {
    return (Node)
        Proxy.newProxyInstance(
            Node.class.getClassLoader(),
            new Class<?>[] {Node.class},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "getDatacenter" -> dc;
                  case "getRack" -> rack;
                  case "toString" -> name;
                  case "hashCode" -> System.identityHashCode(proxy);
                  case "equals" -> proxy == args[0];
                  default -> throw new UnsupportedOperationException(method.getName());
                });
  }
}
