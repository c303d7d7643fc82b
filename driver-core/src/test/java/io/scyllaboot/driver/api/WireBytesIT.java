package io.scyllaboot.driver.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.driver.testing.CountingProxy;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Measures the bytes each protocol version and compression puts on the wire for the same workload,
 * through a counting TCP proxy in front of the real node, and checks that LZ4 pays off on
 * compressible data. The figures are printed to the test's output.
 */
@ExtendWith(CassandraNodeExtension.class)
class WireBytesIT {
  private static final int LARGE = 300 * 1024;
  private static final int SMALL_QUERIES = 100;
  private static String keyspace;

  @BeforeAll
  static void createSchema() {
    keyspace = CassandraNode.uniqueKeyspace("wire");
    try (CqlSession admin =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withRequestTimeout(Duration.ofSeconds(30))
            .build()) {
      admin.execute(
          "CREATE KEYSPACE "
              + keyspace
              + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
      admin.execute("CREATE TABLE " + keyspace + ".docs (id int PRIMARY KEY, body blob)");
    }
  }

  @AfterAll
  static void dropSchema() {
    try (CqlSession admin =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withRequestTimeout(Duration.ofSeconds(30))
            .build()) {
      admin.execute("DROP KEYSPACE IF EXISTS " + keyspace);
    }
  }

  /** Totals of the whole run, and the part of it spent on the burst of small selects. */
  record Bytes(long up, long down, long smallUp, long smallDown) {
    long total() {
      return up + down;
    }
  }

  @Test
  void should_put_fewer_bytes_on_the_wire_with_lz4() throws Exception {
    Map<ProtocolVersion, Map<Compression, Bytes>> figures = new EnumMap<>(ProtocolVersion.class);
    for (ProtocolVersion version : ProtocolVersion.values()) {
      figures.put(version, new EnumMap<>(Compression.class));
      for (Compression compression : Compression.values()) {
        figures.get(version).put(compression, measure(version, compression));
      }
    }
    StringBuilder report =
        new StringBuilder(
            "bytes on the wire (client->node / node->client) for 1 insert + 1 select of a "
                + LARGE / 1024
                + " KiB text-like blob and "
                + SMALL_QUERIES
                + " small concurrent selects, handshake included:\n");
    figures.forEach(
        (version, byCompression) ->
            byCompression.forEach(
                (compression, bytes) ->
                    report.append(
                        String.format(
                            "  %s %-4s up %,9d  down %,9d  total %,9d  (small selects: up %,7d"
                                + "  down %,7d)%n",
                            version,
                            compression,
                            bytes.up(),
                            bytes.down(),
                            bytes.total(),
                            bytes.smallUp(),
                            bytes.smallDown()))));
    System.out.println(report);
    for (ProtocolVersion version : ProtocolVersion.values()) {
      assertThat(figures.get(version).get(Compression.LZ4).total())
          .as("LZ4 total bytes under %s", version)
          .isLessThan(figures.get(version).get(Compression.NONE).total() / 2);
    }
  }

  private static Bytes measure(ProtocolVersion version, Compression compression) throws Exception {
    try (CountingProxy proxy = new CountingProxy(CassandraNode.address())) {
      try (CqlSession session =
          CqlSession.builder()
              .addContactPoint(proxy.address())
              .withKeyspace(keyspace)
              .withProtocolVersion(version)
              .withCompression(compression)
              .withRequestTimeout(Duration.ofSeconds(30))
              .build()) {
        int id = version.code() * 10 + compression.ordinal();
        session.execute(
            "INSERT INTO docs (id, body) VALUES (?, ?)", id, ByteBuffer.wrap(textLike(LARGE)));
        assertThat(session.execute("SELECT body FROM docs WHERE id = ?", id).one().getBytes(0))
            .isEqualTo(ByteBuffer.wrap(textLike(LARGE)));
        // Prepared once before the burst, so that the burst is EXECUTEs only.
        session.execute("SELECT id FROM docs WHERE id = ?", -1);
        long upBefore = proxy.bytesToServer();
        long downBefore = proxy.bytesToClient();
        List<CompletableFuture<AsyncResultSet>> reads = new ArrayList<>();
        for (int i = 0; i < SMALL_QUERIES; i++) {
          reads.add(
              session.executeAsync("SELECT id FROM docs WHERE id = ?", i).toCompletableFuture());
        }
        CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).join();
        // The proxy counts bytes before forwarding them: whatever the driver got is counted.
        return new Bytes(
            proxy.bytesToServer(),
            proxy.bytesToClient(),
            proxy.bytesToServer() - upBefore,
            proxy.bytesToClient() - downBefore);
      }
    }
  }

  /** Repetitive, word-like bytes: compressible as typical text or JSON is. */
  private static byte[] textLike(int length) {
    String words = "scylla boot driver segment frame compression cassandra protocol ";
    byte[] data = new byte[length];
    for (int i = 0; i < length; i++) {
      data[i] = (byte) words.charAt((i * 7 + i / 64) % words.length());
    }
    return data;
  }
}
