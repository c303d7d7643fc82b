package io.scyllaboot.driver.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.error.InvalidQueryException;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code USE keyspace} on a session, as applications on the DataStax driver run it (its examples'
 * KillrVideo schema script does): every connection switches, statements naming tables without a
 * keyspace then run in it, whichever connection they land on, and a statement prepared under the
 * former keyspace is prepared again. On the real node, with several connections.
 */
@ExtendWith(CassandraNodeExtension.class)
class UseKeyspaceIT {
  private static final int CALLS = 40;
  private static String first;
  private static String second;
  private static CqlSession admin;

  @BeforeAll
  static void createKeyspaces() {
    admin = CassandraNode.openSession();
    first = CassandraNode.uniqueKeyspace("use_a");
    second = CassandraNode.uniqueKeyspace("use_b");
    for (String keyspace : new String[] {first, second}) {
      CassandraNode.createKeyspace(admin, keyspace);
      admin.execute("CREATE TABLE " + keyspace + ".t (k int PRIMARY KEY, v text)");
      admin.execute("INSERT INTO " + keyspace + ".t (k, v) VALUES (1, ?)", keyspace);
    }
  }

  @AfterAll
  static void dropKeyspaces() {
    if (admin != null) {
      admin.execute("DROP KEYSPACE IF EXISTS " + first);
      admin.execute("DROP KEYSPACE IF EXISTS " + second);
      admin.close();
    }
  }

  @Test
  void should_run_unqualified_statements_in_the_keyspace_of_the_last_use_on_every_connection() {
    try (CqlSession session =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withConnectionsPerNode(4)
            .withRequestTimeout(Duration.ofSeconds(30))
            .build()) {
      assertThat(session.execute("USE " + first).one()).isNull();
      assertThat(session.keyspace()).isEqualTo(first);
      assertThat(readsOf(session)).as("simple and prepared, every connection").containsOnly(first);

      session.execute("use \"" + second + "\";");
      assertThat(session.keyspace()).isEqualTo(second);
      assertThat(readsOf(session))
          .as("the statement prepared under the first keyspace is prepared again")
          .containsOnly(second);

      assertThatThrownBy(() -> session.execute("USE it_no_such_keyspace"))
          .isInstanceOf(InvalidQueryException.class);
      assertThat(session.keyspace()).as("a refused USE changes nothing").isEqualTo(second);
      assertThat(readsOf(session)).containsOnly(second);
      assertThat(session.metadata().nodes().iterator().next().openConnections())
          .as("no connection was lost on the way")
          .isEqualTo(4);
    }
  }

  /** What {@code SELECT v FROM t} reads, simple and prepared, many times over. */
  private static java.util.Set<String> readsOf(CqlSession session) {
    java.util.Set<String> values = new java.util.HashSet<>();
    PreparedStatement prepared = session.prepare("SELECT v FROM t WHERE k = ?");
    for (int i = 0; i < CALLS; i++) {
      values.add(session.execute("SELECT v FROM t WHERE k = 1").one().getString("v"));
      values.add(session.execute("SELECT v FROM t WHERE k = ?", 1).one().getString("v"));
      values.add(session.execute(prepared.bind(1)).one().getString("v"));
    }
    return values;
  }
}
