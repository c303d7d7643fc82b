package io.scyllaboot.driver.api.cql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.error.InvalidBindValueException;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code vector<float, n>} against the real node: a {@code float[]} bound as a value (also as the
 * ANN query vector and a similarity function's argument) and read back with {@link
 * Row#getFloatVector}.
 */
@ExtendWith(CassandraNodeExtension.class)
class FloatVectorIT {
  private static String keyspace;
  private static CqlSession session;

  @BeforeAll
  static void createSchema() {
    keyspace = CassandraNode.uniqueKeyspace("vectors");
    session =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withRequestTimeout(Duration.ofSeconds(30))
            .build();
    session.execute(
        "CREATE KEYSPACE "
            + keyspace
            + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    session.execute(
        "CREATE TABLE " + keyspace + ".items (id int PRIMARY KEY, v vector<float, 3>, name text)");
    session.execute(
        "CREATE CUSTOM INDEX ON "
            + keyspace
            + ".items (v) USING 'StorageAttachedIndex'"
            + " WITH OPTIONS = {'similarity_function': 'cosine'}");
  }

  @AfterAll
  static void dropSchema() {
    if (session != null) {
      session.execute("DROP KEYSPACE IF EXISTS " + keyspace);
      session.close();
    }
  }

  @Test
  void should_bind_a_float_array_and_read_it_back_without_boxing() {
    session.execute(
        "INSERT INTO " + keyspace + ".items (id, v) VALUES (?, ?)",
        1,
        new float[] {0.25f, -3.5f, 1e-7f});
    session.execute("INSERT INTO " + keyspace + ".items (id, v) VALUES (2, [1.5, 2.5, 3.5])");
    session.execute("INSERT INTO " + keyspace + ".items (id, name) VALUES (3, 'no vector')");

    try (ResultSet rows =
        session.execute("SELECT id, v FROM " + keyspace + ".items WHERE id IN (1, 2, 3)")) {
      List<Row> all = rows.all();
      assertThat(all.get(0).getFloatVector("v")).containsExactly(0.25f, -3.5f, 1e-7f);
      assertThat(all.get(1).getFloatVector(1)).containsExactly(1.5f, 2.5f, 3.5f);
      assertThat(all.get(1).get("v", float[].class)).containsExactly(1.5f, 2.5f, 3.5f);
      assertThat(all.get(2).getFloatVector("v")).isNull();
    }
  }

  @Test
  void should_refuse_a_float_array_of_the_wrong_dimension_and_keep_the_session_usable() {
    assertThatThrownBy(
            () ->
                session.execute(
                    "INSERT INTO " + keyspace + ".items (id, v) VALUES (?, ?)",
                    10,
                    new float[] {1, 2}))
        .isInstanceOf(InvalidBindValueException.class)
        .hasMessageContaining("'v' is vector<float, 3>")
        .hasMessageContaining("float[] of 2 elements, not 3");

    session.execute(
        "INSERT INTO " + keyspace + ".items (id, v) VALUES (?, ?)", 10, new float[] {1, 2, 3});
    try (ResultSet rows =
        session.execute("SELECT v FROM " + keyspace + ".items WHERE id = ?", 10)) {
      assertThat(rows.one().getFloatVector("v")).containsExactly(1, 2, 3);
    }
  }

  @Test
  void should_order_by_ann_of_a_bound_float_array_with_its_similarity() {
    for (int i = 20; i < 25; i++) {
      session.execute(
          "INSERT INTO " + keyspace + ".items (id, v) VALUES (?, ?)",
          i,
          new float[] {i - 20, 1, 0});
    }
    float[] query = {1, 0, 0};
    try (ResultSet rows =
        session.execute(
            "SELECT id, v, similarity_cosine(v, ?) FROM "
                + keyspace
                + ".items ORDER BY v ANN OF ? LIMIT 2",
            query,
            query)) {
      List<Row> nearest = rows.all();
      // (4, 1, 0) is the closest in angle to (1, 0, 0) of every row any test writes.
      assertThat(nearest).hasSize(2);
      Row first = nearest.get(0);
      assertThat(first.getInt("id")).isEqualTo(24);
      for (Row row : nearest) {
        float[] v = row.getFloatVector("v");
        double cosine = v[0] / Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
        // Cassandra's similarity_cosine is (1 + cos) / 2, in [0, 1].
        assertThat((double) row.getFloat(2)).isCloseTo((1 + cosine) / 2, within(1e-6));
      }
    }
  }
}
