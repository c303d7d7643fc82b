package io.scyllaboot.driver.internal.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.policy.SpeculativeExecutionPolicy;
import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.testing.CloseAfterEach;
import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import io.scyllaboot.driver.testing.fakenode.FakeCluster.Behaviour;
import io.scyllaboot.driver.testing.fakenode.FakeNode;
import io.scyllaboot.driver.testing.fakenode.FakeResponses.Column;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Idempotent-by-default never covers a conditional write (LWT) or a counter update: speculation
 * would run them on several nodes, where the second LWT sees {@code [applied]=false} and a counter
 * moves twice (issue 32, defect 8). Only the statement itself may say it is idempotent.
 */
class ConditionalWritesTest {
  private static final int PORT = 19801;
  private static final String LWT = "INSERT INTO ks.kv (k, v) VALUES (?, ?) IF NOT EXISTS";
  private static final String COUNTER = "UPDATE ks.counts SET n = n + ? WHERE k = ?";
  private static final String PLAIN = "INSERT INTO ks.kv (k, v) VALUES (?, ?)";

  @RegisterExtension final CloseAfterEach closer = new CloseAfterEach();
  private FakeCluster cluster;
  private CqlSession session;

  @BeforeEach
  void start() {
    cluster = closer.add(new FakeCluster(3, PORT));
    List<Column> kv =
        List.of(new Column("k", PrimitiveType.INT), new Column("v", PrimitiveType.TEXT));
    cluster.prime(LWT, kv, new int[] {0}, List.of(), List.of());
    cluster.prime(PLAIN, kv, new int[] {0}, List.of(), List.of());
    cluster.prime(
        COUNTER,
        List.of(new Column("n", PrimitiveType.COUNTER), new Column("k", PrimitiveType.INT)),
        new int[] {1},
        List.of(),
        List.of());
    for (String query :
        List.of(LWT, COUNTER, PLAIN, "UPDATE ks.counts SET n = n + 1 WHERE k = 1")) {
      cluster.behave(query, Behaviour.delay(400)); // every node slower than the speculation delay
    }
    session =
        closer.add(
            CqlSession.builder()
                .addContactPoint(cluster.node(0).address())
                .withIdempotentByDefault(true)
                .withSpeculativeExecution(
                    SpeculativeExecutionPolicy.constantDelay(Duration.ofMillis(50), 2))
                .build());
  }

  private int sent(int opcode) {
    int count = 0;
    for (FakeNode node : cluster.nodes()) {
      count += node.received(opcode).size();
    }
    return count;
  }

  private void clear() {
    cluster.nodes().forEach(FakeNode::clearReceived);
  }

  @Test
  void a_conditional_insert_runs_on_one_node_only() {
    PreparedStatement insert = session.prepare(LWT);
    clear();
    session.execute(insert.bind(1, "a"));
    assertThat(sent(Opcodes.EXECUTE)).isEqualTo(1);
  }

  @Test
  void a_prepared_counter_update_runs_on_one_node_only() {
    PreparedStatement update = session.prepare(COUNTER);
    clear();
    session.execute(update.bind(1L, 7));
    assertThat(sent(Opcodes.EXECUTE)).isEqualTo(1);
  }

  @Test
  void a_counter_update_in_query_text_runs_on_one_node_only() {
    clear();
    session.execute(SimpleStatement.of("UPDATE ks.counts SET n = n + 1 WHERE k = 1"));
    assertThat(sent(Opcodes.QUERY)).isEqualTo(1);
  }

  @Test
  void a_plain_write_is_still_speculated_and_an_lwt_marked_idempotent_too() {
    PreparedStatement plain = session.prepare(PLAIN);
    PreparedStatement insert = session.prepare(LWT);
    clear();
    session.execute(plain.bind(1, "a"));
    assertThat(sent(Opcodes.EXECUTE)).isGreaterThan(1);
    clear();
    session.execute(insert.bind(1, "a").withIdempotent(true));
    assertThat(sent(Opcodes.EXECUTE)).isGreaterThan(1);
  }
}
