package io.scyllaboot.benchmarks;

import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.test.fakescylla.Column;
import io.scyllaboot.test.fakescylla.FakeScyllaCluster;
import io.scyllaboot.test.fakescylla.FakeScyllaNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The ScyllaDB-shaped target of {@code --scylla}, in its own JVM: a {@link FakeScyllaCluster}
 * (ScyllaDB's sharding extensions, a shard-aware port, one event loop per shard, no request
 * recording) where a request that lands on a shard other than its token's owner pays a cross-shard
 * hop: a queue hop to the owning shard's event loop and back, plus a busy-spin of {@code hop-us}
 * microseconds there, as ScyllaDB's smp message passing would.
 *
 * <p>It primes the statements of {@link Clients} ({@link #prime}, as {@link BenchFakeNode} does);
 * every select-key is answered with the same row, key {@link #ROW_VALUE} (the harness tells the
 * clients to expect it).
 *
 * <p>Usage: {@code BenchScyllaCluster first-address port shard-aware-port nodes shards hop-us};
 * prints {@code FAKE-SCYLLA-READY} once listening, then answers its standard input: {@code
 * COUNTERS} prints {@code COUNTERS with_token=N on_owning_shard=N hops=N} (summed over the nodes
 * since the last {@code COUNTERS}) and zeroes them; end of input stops it.
 *
 * <p>With {@code -Dbench.fake-tablets=v1} the benchmark table uses tablets (4 per node, the owning
 * shard taken from them); {@code v2} also offers the experimental tablets routing v2 (a client that
 * does not know it, such as the ScyllaDB Java driver 4.18, keeps v1).
 */
public final class BenchScyllaCluster {
  static final int ROW_VALUE = 7;
  static final String TABLETS_PROPERTY = "bench.fake-tablets";

  private BenchScyllaCluster() {}

  /**
   * Primes the three statements of {@link Clients}: the insert (VOID), the select (10 rows; no
   * partition key, so no owning shard) and the select-key (the row of key {@link #ROW_VALUE}).
   */
  static void prime(FakeScyllaCluster cluster) {
    Column id = new Column("id", PrimitiveType.UUID);
    Column val = new Column("val", PrimitiveType.INT);
    cluster.prime(Clients.INSERT, List.of(id, val), new int[] {0}, List.of(), List.of());
    List<List<Object>> tenRows = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      tenRows.add(List.of(Clients.key(i), i));
    }
    cluster.prime(Clients.SELECT, List.of(), new int[0], List.of(id, val), tenRows);
    cluster.prime(
        Clients.SELECT_KEY,
        List.of(id),
        new int[] {0},
        List.of(id, val),
        List.of(List.of(Clients.key(ROW_VALUE), ROW_VALUE)));
  }

  public static void main(String[] args) throws Exception {
    String firstAddress = args[0];
    int port = Integer.parseInt(args[1]);
    int shardAwarePort = Integer.parseInt(args[2]);
    int nodes = Integer.parseInt(args[3]);
    int shards = Integer.parseInt(args[4]);
    long hopMicros = Long.parseLong(args[5]);
    String tablets = System.getProperty(TABLETS_PROPERTY, "");
    FakeScyllaCluster.Builder builder =
        FakeScyllaCluster.builder()
            .firstAddress(firstAddress)
            .port(port)
            .shardAwarePort(shardAwarePort)
            .nodes(nodes)
            .shards(shards)
            .recordRequests(false);
    if (tablets.equals("v2")) {
      builder.tabletsRoutingV2();
    }
    try (FakeScyllaCluster cluster = builder.build()) {
      prime(cluster);
      if (tablets.equals("v1") || tablets.equals("v2")) {
        cluster.tablets("benchmarks", "basic", cluster.evenTablets(4 * nodes, 1));
      }
      cluster.crossShardHop(Duration.ofNanos(hopMicros * 1000));
      System.out.println("FAKE-SCYLLA-READY " + cluster.nodes());
      System.out.flush();
      BufferedReader in =
          new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
      String line;
      while ((line = in.readLine()) != null) {
        if (line.trim().equals("COUNTERS")) {
          long withToken = 0;
          long onOwningShard = 0;
          long hops = 0;
          for (FakeScyllaNode node : cluster.nodes()) {
            withToken += node.requestsWithToken();
            onOwningShard += node.requestsOnOwningShard();
            hops += node.crossShardHops();
            node.clearReceived();
          }
          System.out.println(
              "COUNTERS with_token="
                  + withToken
                  + " on_owning_shard="
                  + onOwningShard
                  + " hops="
                  + hops);
          System.out.flush();
        }
      }
    }
  }
}
