package io.scyllaboot.samples.quickstart;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.Row;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * The quick start: connects to the local node, creates a keyspace and a table, writes rows with
 * plain Java values (the driver prepares the statement once and binds from its metadata), and reads
 * them back. Run it with {@code scripts/run-sample.sh}.
 */
public final class QuickstartSample {
  private static final int ROWS = 1000;

  private QuickstartSample() {}

  public static void main(String[] args) {
    String host = System.getProperty("scylla.host", "127.0.0.1");
    int port = Integer.getInteger("scylla.port", 9042);
    try (CqlSession session =
        CqlSession.builder().addContactPoint(new InetSocketAddress(host, port)).build()) {
      print("connected to " + host + ":" + port);
      try (ResultSet local =
          session.execute("SELECT cluster_name, release_version FROM system.local")) {
        Row row = local.one();
        print(
            "cluster '"
                + row.getString("cluster_name")
                + "', Cassandra "
                + row.getString("release_version"));
      }

      session.execute(
          "CREATE KEYSPACE IF NOT EXISTS quickstart WITH replication ="
              + " {'class': 'SimpleStrategy', 'replication_factor': 1}");
      session.execute(
          "CREATE TABLE IF NOT EXISTS quickstart.events"
              + " (id uuid PRIMARY KEY, name text, seq int, at timestamp)");
      session.execute("TRUNCATE quickstart.events");
      print("created table quickstart.events");

      long start = System.nanoTime();
      List<CompletableFuture<AsyncResultSet>> writes = new ArrayList<>(ROWS);
      List<UUID> ids = new ArrayList<>(ROWS);
      for (int i = 0; i < ROWS; i++) {
        UUID id = UUID.randomUUID();
        ids.add(id);
        writes.add(
            session
                .executeAsync(
                    "INSERT INTO quickstart.events (id, name, seq, at) VALUES (?, ?, ?, ?)",
                    id,
                    "event-" + i,
                    i,
                    Instant.now())
                .toCompletableFuture());
      }
      CompletableFuture.allOf(writes.toArray(new CompletableFuture<?>[0])).join();
      print(
          "inserted "
              + ROWS
              + " rows concurrently in "
              + (System.nanoTime() - start) / 1_000_000
              + " ms");

      int checked = 0;
      for (int i = 0; i < ROWS; i++) {
        try (ResultSet rs =
            session.execute("SELECT name, seq FROM quickstart.events WHERE id = ?", ids.get(i))) {
          Row row = rs.one();
          if (row == null
              || row.getInt("seq") != i
              || !row.getString("name").equals("event-" + i)) {
            throw new IllegalStateException("row " + i + " did not read back as written: " + row);
          }
          checked++;
        }
      }
      print("read back and checked " + checked + " rows by key");

      long count;
      try (ResultSet rs = session.execute("SELECT COUNT(*) FROM quickstart.events")) {
        count = rs.one().getLong(0);
      }
      print("SELECT COUNT(*) says " + count + " rows");
      if (count != ROWS) {
        throw new IllegalStateException("expected " + ROWS + " rows, counted " + count);
      }
      print("done");
    }
  }

  private static void print(String line) {
    System.out.println("[quickstart] " + line);
  }
}
