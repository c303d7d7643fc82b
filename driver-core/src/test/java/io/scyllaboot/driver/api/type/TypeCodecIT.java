package io.scyllaboot.driver.api.type;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A codec written byte by byte (the DataStax driver's shape), registered and used on the node. */
@ExtendWith(CassandraNodeExtension.class)
class TypeCodecIT {
  private static String keyspace;
  private static CqlSession session;

  @BeforeAll
  static void createSchema() {
    keyspace = CassandraNode.uniqueKeyspace("type_codecs");
    session =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withRequestTimeout(Duration.ofSeconds(30))
            .addTypeCodecs(new PointCodec())
            .build();
    CassandraNode.createKeyspace(session, keyspace);
    session.execute("CREATE TABLE " + keyspace + ".shapes (k int PRIMARY KEY, at text)");
  }

  @AfterAll
  static void dropSchema() {
    if (session != null) {
      session.execute("DROP KEYSPACE IF EXISTS " + keyspace);
      session.close();
    }
  }

  @Test
  void should_bind_and_read_values_through_a_byte_level_codec() {
    PreparedStatement insert =
        session.prepare("INSERT INTO " + keyspace + ".shapes (k, at) VALUES (?, ?)");
    session.execute(insert.bind(1, new PointCodec.Point(3, 4)));
    session.execute(insert.bind(Map.of("k", 2, "at", new PointCodec.Point(-1, 0))));
    session.execute(
        SimpleStatement.of(
            "INSERT INTO " + keyspace + ".shapes (k, at) VALUES (?, ?)",
            3,
            new PointCodec.Point(5, 6)));

    Row row = session.execute("SELECT at FROM " + keyspace + ".shapes WHERE k = 1").one();
    assertThat(row.get("at", PointCodec.Point.class)).isEqualTo(new PointCodec.Point(3, 4));
    assertThat(row.getString("at")).isEqualTo("3,4");
    assertThat(
            session
                .execute("SELECT at FROM " + keyspace + ".shapes WHERE k = ?", 2)
                .one()
                .get(0, PointCodec.Point.class))
        .isEqualTo(new PointCodec.Point(-1, 0));
    assertThat(
            session
                .execute("SELECT at FROM " + keyspace + ".shapes WHERE k = 3")
                .one()
                .get("at", PointCodec.Point.class))
        .isEqualTo(new PointCodec.Point(5, 6));
  }
}
