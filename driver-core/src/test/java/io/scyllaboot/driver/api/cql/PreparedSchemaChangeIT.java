package io.scyllaboot.driver.api.cql;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.ProtocolVersion;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A prepared {@code SELECT *} executed again after a column was dropped and another added (same
 * column count, other types) reads the new columns, never the new bytes through the old metadata.
 */
@ExtendWith(CassandraNodeExtension.class)
class PreparedSchemaChangeIT {

  @ParameterizedTest
  @EnumSource(ProtocolVersion.class)
  void should_read_the_new_columns_after_a_drop_and_an_add(ProtocolVersion version) {
    String keyspace = CassandraNode.uniqueKeyspace("schema_" + version.name().toLowerCase());
    try (CqlSession session =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withProtocolVersion(version)
            .withRequestTimeout(Duration.ofSeconds(30))
            .build()) {
      session.execute(
          "CREATE KEYSPACE "
              + keyspace
              + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
      try {
        String table = keyspace + ".t";
        session.execute("CREATE TABLE " + table + " (k int PRIMARY KEY, c1 int, c2 text)");
        session.execute("INSERT INTO " + table + " (k, c1, c2) VALUES (1, 42, 'abcd')");
        PreparedStatement select = session.prepare("SELECT * FROM " + table + " WHERE k = ?");

        Row before = session.execute(select.bind(1)).one();
        assertThat(names(before)).containsExactly("k", "c1", "c2");
        assertThat(before.getInt("c1")).isEqualTo(42);
        assertThat(before.getString("c2")).isEqualTo("abcd");

        session.execute("ALTER TABLE " + table + " DROP c1");
        session.execute("ALTER TABLE " + table + " ADD c3 bigint");
        session.execute("UPDATE " + table + " SET c3 = 7 WHERE k = 1");

        // The same prepared statement, and the same one again from the session's cache.
        for (PreparedStatement statement :
            List.of(select, session.prepare("SELECT * FROM " + table + " WHERE k = ?"))) {
          Row after = session.execute(statement.bind(1)).one();
          assertThat(names(after)).containsExactly("k", "c2", "c3");
          assertThat(after.getInt("k")).isEqualTo(1);
          assertThat(after.getString("c2")).isEqualTo("abcd");
          assertThat(after.getLong("c3")).isEqualTo(7L);
        }
      } finally {
        session.execute("DROP KEYSPACE IF EXISTS " + keyspace);
      }
    }
  }

  private static List<String> names(Row row) {
    List<String> names = new ArrayList<>();
    for (ColumnDefinition column : row.columnDefinitions()) {
      names.add(column.name());
    }
    return names;
  }
}
