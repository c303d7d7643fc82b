package io.scyllaboot.readme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The README's plain-driver quick start (also in docs/driver.md), as printed: {@code ManualTest}
 * checks that the README's block is the body of {@link #quickstart}, and this test runs it.
 */
@ExtendWith(CassandraNodeExtension.class)
class PlainDriverQuickstartIT {

  @BeforeAll
  static void schema() {
    // The keyspace and table the quick start expects (as the Spring quick start creates them).
    try (CqlSession admin = CassandraNode.openSession()) {
      admin.execute(
          "CREATE KEYSPACE IF NOT EXISTS shop WITH replication ="
              + " {'class': 'SimpleStrategy', 'replication_factor': 1}");
      admin.execute(
          "CREATE TABLE IF NOT EXISTS shop.items (id text PRIMARY KEY, name text, price int)");
    }
  }

  static void quickstart(String id) {
    try (CqlSession session =
        CqlSession.builder()
            .addContactPoint(new InetSocketAddress("127.0.0.1", 9042))
            .withLocalDatacenter("datacenter1")
            .withKeyspace("shop")
            .build()) {
      // Prepared once (cached), then one EXECUTE per call; values are plain Java values.
      session.execute("INSERT INTO items (id, name, price) VALUES (?, ?, ?)", id, "lamp", 42);
      try (ResultSet rs = session.execute("SELECT name, price FROM items WHERE id = ?", id)) {
        Row row = rs.one();
        System.out.println(row.getString("name") + " " + row.getInt("price"));
      }
      // Asynchronous twin, completed on the driver's I/O thread.
      session
          .executeAsync("SELECT name FROM items WHERE id = ?", id)
          .thenAccept(page -> System.out.println(page.one().getString(0)))
          .toCompletableFuture()
          .join();
    }
  }

  @Test
  void should_write_and_read_back_as_the_readme_says() {
    assumeTrue(
        CassandraNode.HOST.equals("127.0.0.1") && CassandraNode.PORT == 9042,
        "the quick start connects to 127.0.0.1:9042, as printed");
    String id = "quickstart-" + UUID.randomUUID();
    PrintStream out = System.out;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      quickstart(id);
    } finally {
      System.setOut(out);
    }
    assertThat(printed.toString(StandardCharsets.UTF_8)).isEqualTo("lamp 42\nlamp\n");
    try (CqlSession check = CassandraNode.openSession();
        ResultSet rs = check.execute("SELECT price FROM shop.items WHERE id = ?", id)) {
      assertThat(rs.one().getInt("price")).isEqualTo(42);
    }
  }
}
