package io.scyllaboot.driver.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.internal.session.DefaultCqlSession;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Protocol v4 and v5 (pinned and negotiated), with and without LZ4, against the real node: values
 * larger than a v5 segment both ways (split frames) and bursts of small requests (packed segments).
 */
@ExtendWith(CassandraNodeExtension.class)
class ProtocolFramingIT {
  private static final int LARGE = 300 * 1024;
  private static String keyspace;

  @BeforeAll
  static void createSchema() {
    keyspace = CassandraNode.uniqueKeyspace("framing");
    try (CqlSession admin = session(ProtocolVersion.V4, Compression.NONE)) {
      admin.execute(
          "CREATE KEYSPACE "
              + keyspace
              + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
      admin.execute("CREATE TABLE " + keyspace + ".blobs (id int PRIMARY KEY, data blob)");
    }
  }

  @AfterAll
  static void dropSchema() {
    try (CqlSession admin = session(ProtocolVersion.V4, Compression.NONE)) {
      admin.execute("DROP KEYSPACE IF EXISTS " + keyspace);
    }
  }

  private static CqlSession session(ProtocolVersion version, Compression compression) {
    CqlSessionBuilder builder =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withCompression(compression)
            .withRequestTimeout(Duration.ofSeconds(30));
    if (version != null) {
      builder.withProtocolVersion(version);
    }
    return builder.build();
  }

  /** Half random, half repetitive: compressible, but not trivially. */
  static byte[] payload(int length, long seed) {
    byte[] data = new byte[length];
    new Random(seed).nextBytes(data);
    for (int i = length / 2; i < length; i++) {
      data[i] = (byte) ('a' + i % 7);
    }
    return data;
  }

  @ParameterizedTest(name = "v{0} {1}")
  @CsvSource({"V4, NONE", "V4, LZ4", "V5, NONE", "V5, LZ4", ", NONE", ", LZ4"})
  void should_round_trip_large_values_and_bursts_of_small_requests(
      ProtocolVersion version, Compression compression) {
    int base = (version == null ? 0 : version.code() * 10) + compression.ordinal() * 1000;
    try (CqlSession session = session(version, compression)) {
      assertThat(((DefaultCqlSession) session).protocolVersion())
          .as("negotiated unless pinned")
          .isEqualTo(version == null ? 5 : version.code());
      String insert = "INSERT INTO " + keyspace + ".blobs (id, data) VALUES (?, ?)";
      String select = "SELECT data FROM " + keyspace + ".blobs WHERE id = ?";

      byte[] large = payload(LARGE, base);
      session.execute(insert, base, ByteBuffer.wrap(large));
      ByteBuffer read = session.execute(select, base).one().getBytes(0);
      assertThat(toArray(read)).isEqualTo(large);

      List<CompletionStage<AsyncResultSet>> writes = new ArrayList<>();
      for (int i = 1; i <= 200; i++) {
        writes.add(session.executeAsync(insert, base + i, ByteBuffer.wrap(payload(100, i))));
      }
      CompletableFuture.allOf(
              writes.stream()
                  .map(CompletionStage::toCompletableFuture)
                  .toArray(CompletableFuture[]::new))
          .join();
      List<CompletableFuture<AsyncResultSet>> reads = new ArrayList<>();
      for (int i = 1; i <= 200; i++) {
        reads.add(session.executeAsync(select, base + i).toCompletableFuture());
      }
      for (int i = 1; i <= 200; i++) {
        AsyncResultSet page = reads.get(i - 1).join();
        assertThat(toArray(page.one().getBytes(0))).isEqualTo(payload(100, i));
      }
    }
  }

  private static byte[] toArray(ByteBuffer buffer) {
    byte[] bytes = new byte[buffer.remaining()];
    buffer.duplicate().get(bytes);
    return bytes;
  }
}
