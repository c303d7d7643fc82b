package io.scyllaboot.driver.api.type;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.ProtocolVersion;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
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

  record Point(int x, int y) {}

  /** A point as the text "x,y", written and read byte by byte. */
  static final class PointCodec implements TypeCodec<Point> {
    @Override
    public GenericType<Point> getJavaType() {
      return GenericType.of(Point.class);
    }

    @Override
    public DataType getCqlType() {
      return DataTypes.TEXT;
    }

    @Override
    public ByteBuffer encode(Point value, ProtocolVersion protocolVersion) {
      return value == null
          ? null
          : ByteBuffer.wrap((value.x() + "," + value.y()).getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public Point decode(ByteBuffer bytes, ProtocolVersion protocolVersion) {
      if (bytes == null) {
        return null;
      }
      byte[] array = new byte[bytes.remaining()];
      bytes.duplicate().get(array);
      String[] parts = new String(array, StandardCharsets.UTF_8).split(",");
      return new Point(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
    }

    @Override
    public String format(Point value) {
      return value == null ? "NULL" : CqlStrings.quote(value.x() + "," + value.y());
    }

    @Override
    public Point parse(String value) {
      String[] parts = CqlStrings.unquote(value).split(",");
      return new Point(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
    }
  }

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
    session.execute(insert.bind(1, new Point(3, 4)));
    session.execute(insert.bind(Map.of("k", 2, "at", new Point(-1, 0))));
    session.execute(
        SimpleStatement.of(
            "INSERT INTO " + keyspace + ".shapes (k, at) VALUES (?, ?)", 3, new Point(5, 6)));

    Row row = session.execute("SELECT at FROM " + keyspace + ".shapes WHERE k = 1").one();
    assertThat(row.get("at", Point.class)).isEqualTo(new Point(3, 4));
    assertThat(row.getString("at")).isEqualTo("3,4");
    assertThat(
            session
                .execute("SELECT at FROM " + keyspace + ".shapes WHERE k = ?", 2)
                .one()
                .get(0, Point.class))
        .isEqualTo(new Point(-1, 0));
    assertThat(
            session
                .execute("SELECT at FROM " + keyspace + ".shapes WHERE k = 3")
                .one()
                .get("at", Point.class))
        .isEqualTo(new Point(5, 6));
  }
}
