package io.scyllaboot.benchmarks;

import io.scyllaboot.benchmarks.Clients.Workload;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The table the workloads use on a real node ({@code benchmarks.basic}), through the harness's own
 * session: its schema, its rows before a workload, and the count an insert run is checked by.
 */
final class BenchTable implements AutoCloseable {
  private final CqlSession admin;

  private BenchTable(CqlSession admin) {
    this.admin = admin;
  }

  /** Connects and creates the keyspace and table if they are missing. */
  static BenchTable open(String host, int port) {
    BenchTable table =
        new BenchTable(
            CqlSession.builder()
                .addContactPoint(new InetSocketAddress(host, port))
                .withLocalDatacenter("datacenter1")
                .withRequestTimeout(Duration.ofSeconds(60))
                .withSessionName("bench-admin")
                .build());
    table.schema();
    return table;
  }

  private void schema() {
    admin
        .execute(
            "CREATE KEYSPACE IF NOT EXISTS benchmarks WITH replication ="
                + " {'class': 'NetworkTopologyStrategy', 'datacenter1': 1}")
        .close();
    admin
        .execute("CREATE TABLE IF NOT EXISTS benchmarks.basic (id uuid PRIMARY KEY, val int)")
        .close();
  }

  void truncate() {
    admin.execute("TRUNCATE benchmarks.basic").close();
  }

  /**
   * Prepares the table for a workload: empty for insert, 10 rows for select, KEYS for select-key.
   */
  void fill(Workload workload) throws Exception {
    truncate();
    int rows =
        switch (workload) {
          case INSERT -> 0;
          case SELECT -> 10;
          case SELECT_KEY -> Clients.KEYS;
        };
    PreparedStatement insert = admin.prepare(Clients.INSERT);
    Semaphore inFlight = new Semaphore(256);
    List<CompletableFuture<?>> pending = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      inFlight.acquire();
      CompletionStage<?> stage =
          admin
              .executeAsync(insert.bind(Clients.key(i), i))
              .whenComplete((r, e) -> inFlight.release());
      pending.add(stage.toCompletableFuture());
    }
    CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new)).get(5, TimeUnit.MINUTES);
  }

  long count() {
    return admin.execute("SELECT COUNT(*) FROM benchmarks.basic").one().getLong(0);
  }

  @Override
  public void close() {
    admin.close();
  }
}
