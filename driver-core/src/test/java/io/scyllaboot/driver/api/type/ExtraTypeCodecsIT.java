package io.scyllaboot.driver.api.type;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import java.net.InetAddress;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The ready-made codecs (the DataStax driver's {@code ExtraTypeCodecs}) and generic reads, bound
 * and read back against the real node.
 */
@ExtendWith(CassandraNodeExtension.class)
class ExtraTypeCodecsIT {
  private static String keyspace;
  private static CqlSession session;

  @BeforeAll
  static void createSchema() {
    keyspace = CassandraNode.uniqueKeyspace("extra_codecs");
    session =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withRequestTimeout(Duration.ofSeconds(30))
            .addTypeCodecs(
                ExtraTypeCodecs.BLOB_TO_ARRAY,
                ExtraTypeCodecs.ZONED_TIMESTAMP_PERSISTED,
                ExtraTypeCodecs.listToArrayOf(String.class),
                ExtraTypeCodecs.INT_LIST_TO_ARRAY,
                ExtraTypeCodecs.optionalOf(InetAddress.class),
                ExtraTypeCodecs.LOCAL_TIMESTAMP_UTC)
            .build();
    CassandraNode.createKeyspace(session, keyspace);
    session.execute(
        "CREATE TABLE "
            + keyspace
            + ".t (k int PRIMARY KEY, contents blob, uploaded tuple<timestamp, text>,"
            + " tags list<text>, scores list<int>, ip inet, at timestamp,"
            + " names set<text>, counts map<text, int>)");
  }

  @AfterAll
  static void dropSchema() {
    if (session != null) {
      session.execute("DROP KEYSPACE IF EXISTS " + keyspace);
      session.close();
    }
  }

  @Test
  void should_bind_and_read_the_ready_made_mappings() throws Exception {
    PreparedStatement insert =
        session.prepare(
            "INSERT INTO "
                + keyspace
                + ".t (k, contents, uploaded, tags, scores, ip, at) VALUES (?, ?, ?, ?, ?, ?, ?)");
    ZonedDateTime uploaded = ZonedDateTime.parse("2020-03-21T15:03:45.123+01:00[Europe/Paris]");
    LocalDateTime at = LocalDateTime.parse("2021-06-01T10:15:30.250");
    InetAddress ip = InetAddress.getByName("10.1.2.3");
    session.execute(
        insert.bind(
            1,
            new byte[] {1, 2, 3},
            uploaded,
            new String[] {"comedy", "US"},
            new int[] {7, 9},
            Optional.of(ip),
            at));
    session.execute(insert.bind(2, null, null, null, null, Optional.empty(), null));

    Row row = session.execute("SELECT * FROM " + keyspace + ".t WHERE k = 1").one();
    assertThat(row.get("contents", byte[].class)).containsExactly(1, 2, 3);
    assertThat(row.get("uploaded", ZonedDateTime.class))
        .as("read back in its own zone")
        .isEqualTo(uploaded);
    assertThat(row.get("uploaded", TupleValue.class).get(1, String.class))
        .isEqualTo("Europe/Paris");
    assertThat(row.get("tags", String[].class)).containsExactly("comedy", "US");
    assertThat(row.get("scores", int[].class)).containsExactly(7, 9);
    assertThat(row.get("ip", GenericType.optionalOf(InetAddress.class))).contains(ip);
    assertThat(row.get("at", LocalDateTime.class)).isEqualTo(at);
    assertThat(row.getInstant("at")).isEqualTo(Instant.parse("2021-06-01T10:15:30.250Z"));

    Row nulls = session.execute("SELECT * FROM " + keyspace + ".t WHERE k = 2").one();
    assertThat(nulls.isNull("ip")).as("an empty Optional binds null").isTrue();
    assertThat(nulls.get("ip", GenericType.optionalOf(InetAddress.class))).isEmpty();
    assertThat(nulls.get("contents", byte[].class)).isNull();
    assertThat(nulls.get("uploaded", ZonedDateTime.class)).isNull();
  }

  @Test
  void should_read_collections_as_generic_types() {
    session.execute(
        "INSERT INTO "
            + keyspace
            + ".t (k, tags, names, counts) VALUES (3, ['a', 'b'], {'x'}, {'y': 2})");

    Row row =
        session.execute("SELECT tags, names, counts FROM " + keyspace + ".t WHERE k = 3").one();

    assertThat(row.get("tags", GenericType.listOf(String.class))).containsExactly("a", "b");
    assertThat(row.get(0, new GenericType<List<String>>() {})).containsExactly("a", "b");
    assertThat(row.get("names", GenericType.setOf(String.class))).isEqualTo(Set.of("x"));
    assertThat(row.get("counts", GenericType.mapOf(String.class, Integer.class)))
        .isEqualTo(Map.of("y", 2));
    assertThat(row.get("tags", GenericType.of(List.class))).isEqualTo(List.of("a", "b"));
    assertThat(row.get("tags", String[].class))
        .as("the list read through listToArrayOf")
        .containsExactly("a", "b");
  }
}
