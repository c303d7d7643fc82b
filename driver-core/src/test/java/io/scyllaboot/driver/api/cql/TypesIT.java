package io.scyllaboot.driver.api.cql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.error.InvalidBindValueException;
import io.scyllaboot.driver.api.type.CqlDuration;
import io.scyllaboot.driver.api.type.TupleValue;
import io.scyllaboot.driver.api.type.UdtValue;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Every CQL type written and read back against the real node, by binding and as CQL literals. */
@ExtendWith(CassandraNodeExtension.class)
class TypesIT {
  private static final String COLUMNS =
      "k, c_ascii, c_bigint, c_blob, c_boolean, c_date, c_decimal, c_double, c_duration, c_float,"
          + " c_inet, c_int, c_smallint, c_text, c_time, c_timestamp, c_timeuuid, c_tinyint, c_uuid,"
          + " c_varint, c_list, c_set, c_map, c_tuple, c_udt, c_vector, c_textvector";

  private static String keyspace;
  private static CqlSession session;

  @BeforeAll
  static void createSchema() {
    keyspace = CassandraNode.uniqueKeyspace("types");
    session =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withRequestTimeout(Duration.ofSeconds(30))
            .build();
    session.execute(
        "CREATE KEYSPACE "
            + keyspace
            + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    session.execute("CREATE TYPE " + keyspace + ".address (street text, zip int)");
    session.execute(
        "CREATE TYPE " + keyspace + ".person (name text, home frozen<address>, tags list<text>)");
    session.execute(
        "CREATE TABLE "
            + keyspace
            + ".all_types (k int PRIMARY KEY, c_ascii ascii, c_bigint bigint, c_blob blob,"
            + " c_boolean boolean, c_date date, c_decimal decimal, c_double double,"
            + " c_duration duration, c_float float, c_inet inet, c_int int, c_smallint smallint,"
            + " c_text text, c_time time, c_timestamp timestamp, c_timeuuid timeuuid,"
            + " c_tinyint tinyint, c_uuid uuid, c_varint varint, c_list list<int>,"
            + " c_set set<text>, c_map map<text, frozen<list<int>>>,"
            + " c_tuple tuple<int, text, uuid>, c_udt frozen<person>, c_vector vector<float, 3>,"
            + " c_textvector vector<text, 2>)");
    session.execute("CREATE TABLE " + keyspace + ".counters (k int PRIMARY KEY, hits counter)");
  }

  @AfterAll
  static void dropSchema() {
    if (session != null) {
      session.execute("DROP KEYSPACE IF EXISTS " + keyspace);
      session.close();
    }
  }

  private static final UUID TIMEUUID = UUID.fromString("fe2b4360-28c6-11e2-81c1-0800200c9a66");

  private static Object[] sampleValues(int k) {
    Map<String, Object> home = new LinkedHashMap<>();
    home.put("street", "Rue de l'Étoile 🌟");
    home.put("zip", 75017);
    Map<String, Object> person = new LinkedHashMap<>();
    person.put("name", "Zoë");
    person.put("home", UdtValue.of(home));
    person.put("tags", List.of("a", "b"));
    return new Object[] {
      k,
      "plain ascii",
      Long.MIN_VALUE,
      ByteBuffer.wrap(new byte[] {0, 1, 2, (byte) 0xFF}),
      true,
      LocalDate.of(1901, 12, 13),
      new BigDecimal("-12345678901234567890.000123"),
      Double.NaN,
      new CqlDuration(-14, -3, -123_456_789_000L),
      -0.0f,
      InetAddress.getLoopbackAddress(),
      Integer.MAX_VALUE,
      Short.MIN_VALUE,
      "日本語 and emoji 😀 and \u0000 nul",
      LocalTime.of(23, 59, 59, 999_999_999),
      Instant.parse("1969-07-20T20:17:40.123Z"),
      TIMEUUID,
      Byte.MIN_VALUE,
      UUID.randomUUID(),
      new BigInteger("-123456789012345678901234567890"),
      List.of(3, 1, 2),
      Set.of("x"),
      Map.of("primes", List.of(2, 3, 5), "empty", List.of()),
      TupleValue.of(7, null, UUID.randomUUID()),
      UdtValue.of(person),
      List.of(1.5f, -2.25f, Float.MAX_VALUE),
      List.of("first", "")
    };
  }

  private static String insertCql() {
    return "INSERT INTO "
        + keyspace
        + ".all_types ("
        + COLUMNS
        + ") VALUES ("
        + "?, ".repeat(26)
        + "?)";
  }

  private static void assertRow(Row row, Object[] expected) {
    for (int i = 0; i < expected.length; i++) {
      Object actual = row.getObject(i);
      String column = row.columnDefinitions().get(i).name();
      if (expected[i] instanceof Float f && f == 0.0f) {
        assertThat(Float.floatToRawIntBits((Float) actual))
            .as(column)
            .isEqualTo(Float.floatToRawIntBits(f));
      } else if (expected[i] instanceof Double d && d.isNaN()) {
        assertThat((Double) actual).as(column).isNaN();
      } else if (expected[i] instanceof UdtValue udt) {
        assertThat(actual).as(column).isEqualTo(udt);
      } else {
        assertThat(actual).as(column).isEqualTo(expected[i]);
      }
    }
  }

  @Test
  void should_round_trip_every_type_through_bound_values() {
    Object[] values = sampleValues(1);
    session.execute(insertCql(), values);
    try (ResultSet rs =
        session.execute("SELECT " + COLUMNS + " FROM " + keyspace + ".all_types WHERE k = ?", 1)) {
      Row row = rs.one();
      assertRow(row, values);
      assertThat(row.getList("c_list", Integer.class)).containsExactly(3, 1, 2);
      assertThat(row.getSet("c_set", String.class)).containsExactly("x");
      assertThat(row.getMap("c_map", String.class, List.class)).containsKey("primes");
      assertThat(row.get("c_udt", UdtValue.class).get("home", UdtValue.class).get("zip"))
          .isEqualTo(75017);
    }
  }

  @Test
  void should_read_values_written_as_cql_literals() {
    session.execute(
        "INSERT INTO "
            + keyspace
            + ".all_types ("
            + COLUMNS
            + ") VALUES (2, 'lit', -9223372036854775808,"
            + " 0x000102ff, false, '1901-12-13', -1.5, -0.0, 1y2mo3d4h5m6s7ms8us9ns, 3.5,"
            + " '::1', -2147483648, 32767, 'héllo', '00:00:00', '2024-02-29T12:00:00.001Z',"
            + " fe2b4360-28c6-11e2-81c1-0800200c9a66, 127, 550e8400-e29b-41d4-a716-446655440000,"
            + " 18446744073709551616, [1, 2, 2], {'b', 'a'}, {'k': [1]}, (1, 'one', null),"
            + " {name: 'n', home: {street: 's', zip: 1}, tags: []}, [0.5, 1, -1], ['p', 'q'])");
    try (ResultSet rs =
        session.execute("SELECT " + COLUMNS + " FROM " + keyspace + ".all_types WHERE k = ?", 2)) {
      Row row = rs.one();
      assertThat(row.getString("c_ascii")).isEqualTo("lit");
      assertThat(row.getLong("c_bigint")).isEqualTo(Long.MIN_VALUE);
      assertThat(row.getBytes("c_blob"))
          .isEqualTo(ByteBuffer.wrap(new byte[] {0, 1, 2, (byte) 0xFF}));
      assertThat(row.getBoolean("c_boolean")).isFalse();
      assertThat(row.get("c_date", LocalDate.class)).isEqualTo(LocalDate.of(1901, 12, 13));
      assertThat(row.get("c_decimal", BigDecimal.class)).isEqualByComparingTo("-1.5");
      assertThat(Double.doubleToRawLongBits(row.getDouble("c_double")))
          .isEqualTo(Double.doubleToRawLongBits(-0.0));
      assertThat(row.get("c_duration", CqlDuration.class))
          .isEqualTo(new CqlDuration(14, 3, ((4 * 60 + 5) * 60 + 6) * 1_000_000_000L + 7_008_009L));
      assertThat(row.getFloat("c_float")).isEqualTo(3.5f);
      assertThat(row.get("c_inet", InetAddress.class).getHostAddress())
          .isEqualTo("0:0:0:0:0:0:0:1");
      assertThat(row.getInt("c_int")).isEqualTo(Integer.MIN_VALUE);
      assertThat(row.get("c_smallint", Short.class)).isEqualTo(Short.MAX_VALUE);
      assertThat(row.getString("c_text")).isEqualTo("héllo");
      assertThat(row.get("c_time", LocalTime.class)).isEqualTo(LocalTime.MIDNIGHT);
      assertThat(row.getInstant("c_timestamp"))
          .isEqualTo(Instant.parse("2024-02-29T12:00:00.001Z"));
      assertThat(row.getUuid("c_timeuuid")).isEqualTo(TIMEUUID);
      assertThat(row.get("c_tinyint", Byte.class)).isEqualTo((byte) 127);
      assertThat(row.getUuid("c_uuid"))
          .isEqualTo(UUID.fromString("550e8400-e29b-41d4-a716-446655440000"));
      assertThat(row.get("c_varint", BigInteger.class)).isEqualTo(BigInteger.ONE.shiftLeft(64));
      assertThat(row.getList("c_list", Integer.class)).containsExactly(1, 2, 2);
      assertThat(row.getSet("c_set", String.class)).containsExactly("a", "b");
      assertThat(row.getMap("c_map", String.class, List.class)).isEqualTo(Map.of("k", List.of(1)));
      assertThat(row.get("c_tuple", TupleValue.class)).isEqualTo(TupleValue.of(1, "one", null));
      UdtValue person = row.get("c_udt", UdtValue.class);
      assertThat(person.get("name")).isEqualTo("n");
      assertThat(person.get("home", UdtValue.class).fields())
          .isEqualTo(Map.of("street", "s", "zip", 1));
      assertThat(person.get("tags")).isEqualTo(List.of()); // frozen: an empty list, not null
      assertThat(row.getObject("c_vector")).isEqualTo(List.of(0.5f, 1.0f, -1.0f));
      assertThat(row.getObject("c_textvector")).isEqualTo(List.of("p", "q"));
    }
  }

  @Test
  void should_write_nulls_and_leave_unset_markers_untouched() {
    Object[] values = sampleValues(3);
    session.execute(insertCql(), values);
    Object[] nulls = new Object[values.length];
    nulls[0] = 3;
    java.util.Arrays.fill(nulls, 1, nulls.length, Unset.VALUE);
    nulls[13] = null; // c_text
    session.execute(insertCql(), nulls);
    try (ResultSet rs =
        session.execute("SELECT " + COLUMNS + " FROM " + keyspace + ".all_types WHERE k = ?", 3)) {
      Row row = rs.one();
      assertThat(row.isNull("c_text")).isTrue();
      assertThat(row.getString("c_text")).isNull();
      assertThat(row.getLong("c_bigint")).isEqualTo(Long.MIN_VALUE); // unset: kept
      assertThat(row.getList("c_list", Integer.class)).containsExactly(3, 1, 2);
    }
    Object[] allNull = new Object[values.length];
    allNull[0] = 4;
    session.execute(insertCql(), allNull);
    try (ResultSet rs =
        session.execute("SELECT " + COLUMNS + " FROM " + keyspace + ".all_types WHERE k = ?", 4)) {
      Row row = rs.one();
      for (int i = 1; i < values.length; i++) {
        assertThat(row.isNull(i)).as(row.columnDefinitions().get(i).name()).isTrue();
      }
      assertThat(row.getInt("c_int")).isZero();
      assertThat(row.getList("c_list", Integer.class)).isEmpty();
    }
  }

  @Test
  void should_refuse_bad_values_before_sending_and_stay_usable() {
    PreparedStatement insert = session.prepare(insertCql());
    Object[] good = sampleValues(5);
    Object[][] wrong = {
      {2, "ascii with é"},
      {2, 1.5},
      {3, "blob?"},
      {4, "true"},
      {5, Instant.now()},
      {6, 1.5},
      {7, "NaN"},
      {8, Duration.ofSeconds(1)},
      {9, 1.5d},
      {10, "127.0.0.1"},
      {11, 1L << 40},
      {12, 40_000},
      {13, 42},
      {14, 5L},
      {15, LocalDate.now()},
      {16, UUID.randomUUID()},
      {17, 300},
      {18, "uuid"},
      {19, 1.0},
      {20, List.of("x")},
      {21, List.of(1)},
      {22, Map.of(1, List.of())},
      {23, TupleValue.of(1, "x")},
      {24, Map.of("nope", 1)},
      {25, List.of(1f, 2f)},
      {26, List.of("a", 1)}
    };
    for (Object[] bad : wrong) {
      int index = (int) bad[0];
      Object[] values = good.clone();
      values[index] = bad[1];
      String column = insert.variables().get(index).name();
      assertThatThrownBy(() -> insert.bind(values))
          .as("%s given %s", column, bad[1])
          .isInstanceOf(InvalidBindValueException.class)
          .hasMessageContaining("bind marker " + index + " '" + column + "'")
          .hasMessageContaining(insert.variables().get(index).type().asCql())
          .hasMessageContaining(bad[1].getClass().getName());
    }
    assertThatThrownBy(() -> insert.bind(1, 2))
        .isInstanceOf(InvalidBindValueException.class)
        .hasMessageContaining("27 bind markers but 2 values");
    assertThatThrownBy(() -> insert.bind(Map.of("no_such", 1)))
        .isInstanceOf(InvalidBindValueException.class)
        .hasMessageContaining("no bind marker named 'no_such'");
    // Lossless conversions are accepted: an Integer for a bigint, a Long that fits an int.
    Object[] converted = good.clone();
    converted[2] = 42;
    converted[11] = 7L;
    session.execute(insert.bind(converted));
    try (ResultSet rs =
        session.execute("SELECT c_bigint, c_int FROM " + keyspace + ".all_types WHERE k = ?", 5)) {
      Row row = rs.one();
      assertThat(row.getLong(0)).isEqualTo(42L);
      assertThat(row.getInt(1)).isEqualTo(7);
    }
  }

  @Test
  void should_bind_by_name() {
    PreparedStatement insert =
        session.prepare(
            "INSERT INTO " + keyspace + ".all_types (k, c_text, c_int) VALUES (:k, :txt, :num)");
    session.execute(insert.bind(Map.of("k", 6, "txt", "named", "num", 66)));
    try (ResultSet rs =
        session.execute("SELECT c_text, c_int FROM " + keyspace + ".all_types WHERE k = ?", 6)) {
      Row row = rs.one();
      assertThat(row.getString("c_text")).isEqualTo("named");
      assertThat(row.getInt("c_int")).isEqualTo(66);
    }
  }

  @Test
  void should_report_clear_errors_for_wrong_getters() {
    session.execute("INSERT INTO " + keyspace + ".all_types (k, c_text) VALUES (?, ?)", 7, "t");
    try (ResultSet rs =
        session.execute("SELECT c_text FROM " + keyspace + ".all_types WHERE k = ?", 7)) {
      Row row = rs.one();
      assertThatThrownBy(() -> row.getInt(0))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("'c_text' is text")
          .hasMessageContaining("java.lang.Integer");
      assertThatThrownBy(() -> row.getString("nope"))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("no column named 'nope'");
      assertThatThrownBy(() -> row.getString(3)).isInstanceOf(IndexOutOfBoundsException.class);
    }
  }

  @Test
  void should_tolerate_fields_added_to_a_udt_after_values_were_written() {
    session.execute("CREATE TYPE " + keyspace + ".evolving (a int)");
    session.execute(
        "CREATE TABLE " + keyspace + ".evolving_t (k int PRIMARY KEY, v frozen<evolving>)");
    session.execute(
        "INSERT INTO " + keyspace + ".evolving_t (k, v) VALUES (?, ?)", 1, Map.of("a", 1));
    session.execute("ALTER TYPE " + keyspace + ".evolving ADD b text");
    try (ResultSet rs =
        session.execute(
            SimpleStatement.of("SELECT v FROM " + keyspace + ".evolving_t WHERE k = 1"))) {
      UdtValue v = rs.one().get(0, UdtValue.class);
      assertThat(v.get("a")).isEqualTo(1);
      assertThat(v.has("b")).isTrue();
      assertThat(v.get("b")).isNull();
    }
  }

  @Test
  void should_page_automatically_and_resume_from_a_stored_paging_state() {
    session.execute("CREATE TABLE " + keyspace + ".paged (p int, c int, PRIMARY KEY (p, c))");
    PreparedStatement insert =
        session.prepare("INSERT INTO " + keyspace + ".paged (p, c) VALUES (0, ?)");
    for (int c = 0; c < 25; c++) {
      session.execute(insert.bind(c));
    }
    PreparedStatement select = session.prepare("SELECT c FROM " + keyspace + ".paged WHERE p = 0");
    AsyncResultSet first =
        session.executeAsync(select.bind().withPageSize(10)).toCompletableFuture().join();
    assertThat(first.remaining()).isEqualTo(10);
    assertThat(first.hasMorePages()).isTrue();
    String stored = first.pagingState().toString();
    first.close();

    BoundStatement resumed =
        select.bind().withPageSize(10).withPagingState(PagingState.fromString(stored));
    int expected = 10;
    try (ResultSet rest = session.execute(resumed)) {
      for (Row row : rest) {
        assertThat(row.getInt(0)).isEqualTo(expected++);
      }
    }
    assertThat(expected).isEqualTo(25);
    assertThatThrownBy(() -> PagingState.fromString("not base64 !"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_apply_logged_unlogged_and_counter_batches_mixing_prepared_and_simple() {
    PreparedStatement insert =
        session.prepare("INSERT INTO " + keyspace + ".all_types (k, c_text) VALUES (?, ?)");
    session.execute(
        BatchStatement.logged(
            insert.bind(100, "p1"),
            SimpleStatement.of(
                "INSERT INTO " + keyspace + ".all_types (k, c_text) VALUES (?, ?)", 101, "s1")));
    session.execute(BatchStatement.unlogged(insert.bind(102, "p2")).add(insert.bind(103, "p3")));
    PreparedStatement hit =
        session.prepare("UPDATE " + keyspace + ".counters SET hits = hits + ? WHERE k = ?");
    session.execute(
        BatchStatement.counter(
            hit.bind(5L, 1),
            hit.bind(2, 1),
            SimpleStatement.of(
                "UPDATE " + keyspace + ".counters SET hits = hits + 1 WHERE k = 1")));
    try (ResultSet rs =
        session.execute(
            "SELECT k, c_text FROM " + keyspace + ".all_types WHERE k IN (100, 101, 102, 103)")) {
      assertThat(rs.all())
          .extracting(row -> row.getString(1))
          .containsExactlyInAnyOrder("p1", "s1", "p2", "p3");
    }
    try (ResultSet rs =
        session.execute("SELECT hits FROM " + keyspace + ".counters WHERE k = ?", 1)) {
      assertThat(rs.one().getLong(0)).isEqualTo(8L);
    }
  }
}
