package io.scyllaboot.benchmarks;

import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.test.fakescylla.Column;
import io.scyllaboot.test.fakescylla.FakeScyllaCluster;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The target of the scale run, in its own JVM: a {@link FakeScyllaCluster} (ScyllaDB's protocol
 * extensions, one event loop per shard, no request recording) with every statement of {@link
 * ScaleWork} primed: the select-key (one row, key 7), the selects of 1 to 5,000 rows, the blobs of
 * each size to read and to write, and the 5,000 distinct inserts of the statement-cache axis.
 *
 * <p>Usage: {@code ScaleCluster first-address port shard-aware-port nodes shards}; prints {@code
 * SCALE-CLUSTER-READY} once listening, stops at the end of its standard input.
 */
public final class ScaleCluster {
  private ScaleCluster() {}

  public static void main(String[] args) throws IOException {
    try (FakeScyllaCluster cluster =
        FakeScyllaCluster.builder()
            .firstAddress(args[0])
            .port(Integer.parseInt(args[1]))
            .shardAwarePort(Integer.parseInt(args[2]))
            .nodes(Integer.parseInt(args[3]))
            .shards(Integer.parseInt(args[4]))
            .recordRequests(false)
            .build()) {
      prime(cluster);
      System.out.println("SCALE-CLUSTER-READY");
      System.out.flush();
      System.in.transferTo(java.io.OutputStream.nullOutputStream());
    }
  }

  static void prime(FakeScyllaCluster cluster) {
    Column id = new Column("id", PrimitiveType.UUID);
    Column val = new Column("val", PrimitiveType.INT);
    Column blob = new Column("val", PrimitiveType.BLOB);
    int[] key = {0};
    cluster.prime(
        ScaleWork.SELECT_KEY,
        List.of(id),
        key,
        List.of(id, val),
        List.of(List.of(Clients.key(ScaleWork.KEY_VALUE), ScaleWork.KEY_VALUE)));
    for (int n : ScaleWork.ROWS) {
      List<List<Object>> rows = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        rows.add(List.of(Clients.key(i), i));
      }
      cluster.prime(ScaleWork.rows(n), List.of(), new int[0], List.of(id, val), rows);
    }
    for (int size : ScaleWork.VALUE_SIZES) {
      cluster.prime(
          ScaleWork.blobRead(size),
          List.of(id),
          key,
          List.of(id, blob),
          List.of(List.of(Clients.key(1), ByteBuffer.wrap(ScaleWork.blob(size)))));
      cluster.prime(ScaleWork.blobWrite(size), List.of(id, blob), key, List.of(), List.of());
    }
    for (int k = 0; k < ScaleWork.MAX_STATEMENTS; k++) {
      cluster.prime(ScaleWork.statement(k), List.of(id), key, List.of(), List.of());
    }
  }
}
