package io.scyllaboot.driver.api.cql;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.type.EmptyValue;
import io.scyllaboot.driver.api.type.TupleValue;
import io.scyllaboot.driver.api.type.UdtValue;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Zero-length (empty, non-null) values against the real node: written, read back as empty (not
 * null, not an all-null tuple or UDT), and vectors read as lists.
 */
@ExtendWith(CassandraNodeExtension.class)
class EmptyValuesIT {
  private static String keyspace;
  private static CqlSession session;

  @BeforeAll
  static void createSchema() {
    keyspace = CassandraNode.uniqueKeyspace("empty");
    session = CassandraNode.openSession();
    CassandraNode.createKeyspace(session, keyspace);
    session.execute("CREATE TYPE " + keyspace + ".pair (a int, b text)");
    session.execute(
        "CREATE TABLE "
            + keyspace
            + ".t (k int PRIMARY KEY, c_int int, c_text text, c_blob blob,"
            + " c_tuple tuple<int, text>, c_udt frozen<pair>, c_vector vector<float, 3>)");
  }

  @AfterAll
  static void dropSchema() {
    if (session != null) {
      session.execute("DROP KEYSPACE IF EXISTS " + keyspace);
      session.close();
    }
  }

  @Test
  void should_round_trip_zero_length_values_bound_to_a_prepared_statement() {
    PreparedStatement insert =
        session.prepare(
            "INSERT INTO "
                + keyspace
                + ".t (k, c_int, c_text, c_blob, c_tuple, c_udt) VALUES (?, ?, ?, ?, ?, ?)");
    session.execute(
        insert.bind(
            1,
            EmptyValue.VALUE,
            EmptyValue.VALUE,
            EmptyValue.VALUE,
            EmptyValue.VALUE,
            EmptyValue.VALUE));

    assertEmptyCells(select(1));
  }

  @Test
  void should_write_zero_length_values_of_an_unprepared_statement() {
    session.execute(
        "INSERT INTO "
            + keyspace
            + ".t (k, c_int, c_text, c_blob, c_tuple, c_udt) VALUES (2, ?, ?, ?, ?, ?)",
        EmptyValue.VALUE,
        EmptyValue.VALUE,
        EmptyValue.VALUE,
        EmptyValue.VALUE,
        EmptyValue.VALUE);

    assertEmptyCells(select(2));
  }

  @Test
  void should_read_zero_length_values_written_by_cql_functions_as_empty() {
    session.execute(
        "INSERT INTO "
            + keyspace
            + ".t (k, c_int, c_text, c_blob) VALUES (3, blobAsInt(0x), blobAsText(0x), 0x)");

    Row row = select(3);

    assertThat(row.isEmpty("c_int")).isTrue();
    assertThat(row.getObject("c_int")).isNull();
    assertThat(row.isEmpty("c_text")).isTrue();
    assertThat(row.getString("c_text")).isEmpty();
    assertThat(row.isEmpty("c_blob")).isTrue();
    assertThat(row.isNull("c_tuple")).isTrue();
    assertThat(row.isEmpty("c_tuple")).isFalse();
  }

  @Test
  void should_round_trip_zero_length_tuple_components_and_udt_fields() {
    PreparedStatement insert =
        session.prepare("INSERT INTO " + keyspace + ".t (k, c_tuple, c_udt) VALUES (?, ?, ?)");
    TupleValue tuple = TupleValue.of(EmptyValue.VALUE, "x");
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("a", EmptyValue.VALUE);
    fields.put("b", EmptyValue.VALUE);
    session.execute(insert.bind(4, tuple, UdtValue.of(fields)));

    Row row = select(4);

    TupleValue readTuple = row.get("c_tuple", TupleValue.class);
    assertThat(readTuple).isEqualTo(tuple);
    assertThat(readTuple.isEmpty(0)).isTrue();
    assertThat(readTuple.get(0, Integer.class)).isNull();
    assertThat(readTuple.isEmpty(1)).isFalse();
    UdtValue readUdt = row.get("c_udt", UdtValue.class);
    assertThat(readUdt.get("a")).isEqualTo(EmptyValue.VALUE);
    assertThat(readUdt.isEmpty("a")).isTrue();
    assertThat(readUdt.get("a", Integer.class)).isNull();
    assertThat(readUdt.get("b")).isEqualTo(""); // text has an empty value of its own
    assertThat(readUdt.isEmpty("b")).isTrue();
  }

  private static Row select(int k) {
    return session.execute("SELECT * FROM " + keyspace + ".t WHERE k = ?", k).one();
  }

  static void assertEmptyCells(Row row) {
    for (String column : List.of("c_int", "c_text", "c_blob", "c_tuple", "c_udt")) {
      assertThat(row.isNull(column)).as(column).isFalse();
      assertThat(row.isEmpty(column)).as(column).isTrue();
    }
    assertThat(row.isEmpty("k")).isFalse();
    // No int in zero bytes: null as an object, 0 as a primitive.
    assertThat(row.getObject("c_int")).isNull();
    assertThat(row.get("c_int", Integer.class)).isNull();
    assertThat(row.getInt("c_int")).isZero();
    // Text and blob have an empty value of their own.
    assertThat(row.getString("c_text")).isEmpty();
    assertThat(row.getBytes("c_blob").remaining()).isZero();
    // Not a tuple or UDT whose components are all null: there are no components.
    assertThat(row.get("c_tuple", TupleValue.class)).isNull();
    assertThat(row.get("c_udt", UdtValue.class)).isNull();
  }

  @Test
  void should_read_a_vector_column_as_a_list() {
    session.execute("INSERT INTO " + keyspace + ".t (k, c_vector) VALUES (5, [1.5, 2.5, 3.5])");

    Row row = session.execute("SELECT c_vector FROM " + keyspace + ".t WHERE k = 5").one();

    assertThat(row.getList("c_vector", Float.class)).containsExactly(1.5f, 2.5f, 3.5f);
  }
}
