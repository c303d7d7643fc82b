package io.scyllaboot.driver.api.type;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.error.InvalidBindValueException;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Application types mapped to column types by codecs registered on the session builder (the
 * DataStax driver's {@code MappingCodec}): bound as the application's values, read back as them,
 * against the real node.
 */
@ExtendWith(CassandraNodeExtension.class)
class MappingCodecIT {
  enum WeekDay {
    MONDAY,
    SATURDAY
  }

  record Coordinates(int x, int y) {}

  static final class IntAsString extends MappingCodec<Integer, String> {
    IntAsString() {
      super(Integer.class, String.class);
    }

    @Override
    protected String innerToOuter(Integer value) {
      return value == null ? null : value.toString();
    }

    @Override
    protected Integer outerToInner(String value) {
      return value == null ? null : Integer.parseInt(value);
    }
  }

  static final class CoordinatesAsTuple extends MappingCodec<TupleValue, Coordinates> {
    CoordinatesAsTuple() {
      super(TupleValue.class, Coordinates.class);
    }

    @Override
    protected Coordinates innerToOuter(TupleValue value) {
      return value == null
          ? null
          : new Coordinates(value.get(0, Integer.class), value.get(1, Integer.class));
    }

    @Override
    protected TupleValue outerToInner(Coordinates value) {
      return value == null ? null : TupleValue.of(value.x(), value.y());
    }
  }

  private static String keyspace;
  private static CqlSession session;

  @BeforeAll
  static void createSchema() {
    keyspace = CassandraNode.uniqueKeyspace("codecs");
    session =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withRequestTimeout(java.time.Duration.ofSeconds(30))
            .addTypeCodecs(
                new IntAsString(),
                new CoordinatesAsTuple(),
                MappingCodec.enumNamesOf(WeekDay.class))
            .build();
    CassandraNode.createKeyspace(session, keyspace);
    session.execute(
        "CREATE TABLE "
            + keyspace
            + ".t (k int PRIMARY KEY, day text, position frozen<tuple<int, int>>, label text)");
  }

  @AfterAll
  static void dropSchema() {
    if (session != null) {
      session.execute("DROP KEYSPACE IF EXISTS " + keyspace);
      session.close();
    }
  }

  @Test
  void should_bind_and_read_application_types_through_their_codecs() {
    PreparedStatement insert =
        session.prepare("INSERT INTO " + keyspace + ".t (k, day, position) VALUES (?, ?, ?)");
    session.execute(insert.bind("1", WeekDay.SATURDAY, new Coordinates(12, 34)));
    session.execute(insert.bind().set(0, "2").set(1, WeekDay.MONDAY));

    Row row = session.execute("SELECT k, day, position FROM " + keyspace + ".t WHERE k = 1").one();

    assertThat(row.getString("k")).isEqualTo("1");
    assertThat(row.getInt("k")).as("the column's own type still reads").isEqualTo(1);
    assertThat(row.get("day", WeekDay.class)).isEqualTo(WeekDay.SATURDAY);
    assertThat(row.getString("day")).isEqualTo("SATURDAY");
    assertThat(row.get("position", Coordinates.class)).isEqualTo(new Coordinates(12, 34));
    Row second = session.execute("SELECT day, position FROM " + keyspace + ".t WHERE k = 2").one();
    assertThat(second.get("day", WeekDay.class)).isEqualTo(WeekDay.MONDAY);
    assertThat(second.get("position", Coordinates.class)).as("null maps to null").isNull();
  }

  @Test
  void should_send_an_unprepared_statements_application_values_through_their_codecs() {
    session.execute(
        "INSERT INTO " + keyspace + ".t (k, day, position) VALUES (?, ?, ?)",
        4,
        WeekDay.MONDAY,
        new Coordinates(5, 6));

    Row row = session.execute("SELECT day, position FROM " + keyspace + ".t WHERE k = 4").one();
    assertThat(row.getString("day")).isEqualTo("MONDAY");
    assertThat(row.get("position", Coordinates.class)).isEqualTo(new Coordinates(5, 6));
  }

  @Test
  void should_refuse_a_value_no_codec_maps_to_the_column_with_a_typed_error() {
    PreparedStatement insert =
        session.prepare("INSERT INTO " + keyspace + ".t (k, label) VALUES (?, ?)");

    assertThatThrownBy(() -> insert.bind(3, new Coordinates(1, 2)))
        .as("a codec exists for the Java type, but not to this column's type")
        .isInstanceOf(InvalidBindValueException.class)
        .hasMessageContaining("'label' is text");
    assertThatThrownBy(() -> insert.bind("three", "x"))
        .as("the codec's own failure, as a bind error")
        .isInstanceOf(InvalidBindValueException.class)
        .hasMessageContaining("'k' is int");
  }

  @Test
  void should_refuse_reading_a_column_as_a_type_its_codec_does_not_map_from() {
    Row row = session.execute("SELECT label FROM " + keyspace + ".t WHERE k = 1").one();

    assertThatThrownBy(() -> row.get("label", Coordinates.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'label' is text");
  }
}
