package io.scyllaboot.driver.api.type;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.ProtocolVersion;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.error.InvalidBindValueException;
import io.scyllaboot.driver.api.metadata.UserTypeMetadata;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import java.nio.ByteBuffer;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Codecs registered on a running session ({@code session.codecRegistry()}), over the driver's own
 * codecs for a tuple and a user-defined type, as the DataStax driver's examples register them.
 */
@ExtendWith(CassandraNodeExtension.class)
class CodecRegistryIT {
  private static String keyspace;
  private static CqlSession session;

  record Point(int x, int y) {}

  /** Maps a point to {@code tuple<int, int>}, built over the registry's tuple codec. */
  static final class PointAsTuple extends MappingCodec<TupleValue, Point> {
    PointAsTuple(TypeCodec<TupleValue> inner) {
      super(inner, GenericType.of(Point.class));
    }

    @Override
    public DataType.TupleType getCqlType() {
      return (DataType.TupleType) super.getCqlType();
    }

    @Override
    protected Point innerToOuter(TupleValue value) {
      return value == null
          ? null
          : new Point(value.get(0, Integer.class), value.get(1, Integer.class));
    }

    @Override
    protected TupleValue outerToInner(Point value) {
      return getCqlType().newValue().with(0, value.x()).with(1, value.y());
    }
  }

  /** Maps a point to the user-defined type {@code point}, built over the registry's UDT codec. */
  static final class PointAsUdt extends MappingCodec<UdtValue, Point> {
    PointAsUdt(TypeCodec<UdtValue> inner) {
      super(inner, GenericType.of(Point.class));
    }

    @Override
    public DataType.UserDefinedType getCqlType() {
      return (DataType.UserDefinedType) super.getCqlType();
    }

    @Override
    protected Point innerToOuter(UdtValue value) {
      return value == null
          ? null
          : new Point(value.get("x", Integer.class), value.get("y", Integer.class));
    }

    @Override
    protected UdtValue outerToInner(Point value) {
      return getCqlType().newValue().with("x", value.x()).with("y", value.y());
    }
  }

  @BeforeAll
  static void createSchema() {
    keyspace = CassandraNode.uniqueKeyspace("codec_registry");
    session = CassandraNode.openSession();
    CassandraNode.createKeyspace(session, keyspace);
    session.execute("CREATE TYPE " + keyspace + ".point (x int, y int)");
    session.execute(
        "CREATE TABLE "
            + keyspace
            + ".shapes (k int PRIMARY KEY, t tuple<int, int>, u frozen<point>)");
  }

  @AfterAll
  static void dropSchema() {
    if (session != null) {
      session.execute("DROP KEYSPACE IF EXISTS " + keyspace);
      session.close();
    }
  }

  @Test
  void should_use_codecs_registered_after_a_statement_was_prepared() {
    PreparedStatement insert =
        session.prepare("INSERT INTO " + keyspace + ".shapes (k, t, u) VALUES (?, ?, ?)");
    Point point = new Point(12, 34);
    assertThatThrownBy(() -> insert.bind(1, point, null))
        .isInstanceOf(InvalidBindValueException.class);

    CodecRegistry registry = session.codecRegistry();
    TypeCodec<TupleValue> tuples =
        registry.codecFor(DataTypes.tupleOf(DataTypes.INT, DataTypes.INT));
    UserTypeMetadata pointType =
        session.metadata().schema().userType(keyspace, "point").orElseThrow();
    TypeCodec<UdtValue> udts = registry.codecFor(pointType);
    registry.register(new PointAsTuple(tuples), new PointAsUdt(udts));

    session.execute(insert.bind(1, point, new Point(56, 78)));
    session.execute(insert.bind(Map.of("k", 2, "t", new Point(-1, 0), "u", point)));

    var row = session.execute("SELECT t, u FROM " + keyspace + ".shapes WHERE k = 1").one();
    assertThat(row.get("t", TupleValue.class)).isEqualTo(TupleValue.of(12, 34));
    assertThat(row.get("t", Point.class)).isEqualTo(point);
    assertThat(row.get("u", Point.class)).isEqualTo(new Point(56, 78));
    var second = session.execute("SELECT t, u FROM " + keyspace + ".shapes WHERE k = 2").one();
    assertThat(second.get(0, Point.class)).isEqualTo(new Point(-1, 0));
    assertThat(second.get(1, Point.class)).isEqualTo(point);
  }

  @Test
  void should_hand_out_the_drivers_own_codecs_byte_for_byte() {
    TypeCodec<Integer> ints = session.codecRegistry().codecFor(DataTypes.INT);
    assertThat(ints.getJavaType()).isEqualTo(GenericType.INTEGER);
    ByteBuffer bytes = ints.encode(0x01020304, ProtocolVersion.V4);
    assertThat(bytes).isEqualTo(ByteBuffer.wrap(new byte[] {1, 2, 3, 4}));
    assertThat(ints.decode(bytes, ProtocolVersion.V4)).isEqualTo(0x01020304);
    assertThat(ints.encode(null, ProtocolVersion.V4)).isNull();

    UserTypeMetadata pointType =
        session.metadata().schema().userType(keyspace, "point").orElseThrow();
    TypeCodec<UdtValue> udts = session.codecRegistry().codecFor(pointType);
    assertThat(udts.getCqlType().asCql()).isEqualTo("frozen<" + keyspace + ".point>");
    UdtValue value = ((DataType.UserDefinedType) udts.getCqlType()).newValue(1, 2);
    assertThat(udts.decode(udts.encode(value, ProtocolVersion.V4), ProtocolVersion.V4))
        .isEqualTo(value);
    assertThat(udts.format(value)).isEqualTo("{x:1,y:2}");
  }
}
