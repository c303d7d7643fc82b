package io.scyllaboot.driver.internal.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.error.DriverTimeoutException;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.util.Futures;
import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import io.scyllaboot.driver.testing.fakenode.FakeClusterFixture;
import io.scyllaboot.driver.testing.fakenode.FakeNode;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue 32, defect 3: a DDL waiting for schema agreement ends when the session closes (with its own
 * result: the DDL was applied, only the wait for agreement is cut short), and synchronous calls
 * wait with a bound.
 */
class SchemaAgreementBoundsTest {
  private static final int PORT = 19951;
  private static final String DDL = "CREATE TABLE ks.agreement (k int PRIMARY KEY)";

  @RegisterExtension final FakeClusterFixture fixture = new FakeClusterFixture();
  private FakeCluster cluster;

  /** Two nodes that never agree; the agreement and request timeouts far past the test's waits. */
  private CqlSession disagreeingSession() {
    cluster = fixture.start(new FakeCluster(2, PORT));
    CqlSession session =
        fixture.open(
            CqlSession.builder()
                .withSchemaAgreementTimeout(Duration.ofSeconds(60))
                .withRequestTimeout(Duration.ofSeconds(60))
                .withReconnectionDelays(Duration.ofMillis(50), Duration.ofMillis(200)));
    cluster.node(1).schemaVersion(new UUID(7, 7));
    return session;
  }

  /** Waits until the DDL's agreement phase polls the control node (the DDL itself has run). */
  private void awaitAgreementPolls() {
    FakeNode control = cluster.node(0);
    control.clearReceived();
    await()
        .atMost(Duration.ofSeconds(5))
        .until(
            () ->
                control.received(Opcodes.QUERY).stream()
                        .filter(request -> request.query().contains("FROM system.peers"))
                        .count()
                    >= 2);
  }

  @Test
  void should_complete_an_async_ddl_waiting_for_agreement_when_the_session_closes() {
    CqlSession session = disagreeingSession();
    CompletableFuture<AsyncResultSet> created = session.executeAsync(DDL).toCompletableFuture();
    awaitAgreementPolls();
    assertThat(created).as("still waiting for agreement").isNotDone();
    session.closeAsync();
    await().atMost(Duration.ofSeconds(5)).until(created::isDone);
    // The DDL was applied: its result, not an error (agreement is only a courtesy wait).
    assertThat(created).isCompleted();
    created.join().close();
  }

  @Test
  void should_return_from_a_sync_ddl_waiting_for_agreement_when_the_session_closes()
      throws Exception {
    CqlSession session = disagreeingSession();
    AtomicReference<Object> outcome = new AtomicReference<>();
    Thread caller =
        new Thread(
            () -> {
              try (ResultSet rs = session.execute(DDL)) {
                outcome.set(rs);
              } catch (RuntimeException e) {
                outcome.set(e);
              }
            });
    caller.start();
    awaitAgreementPolls();
    session.closeAsync();
    caller.join(TimeUnit.SECONDS.toMillis(5));
    assertThat(caller.isAlive()).as("execute() still blocked after close").isFalse();
    assertThat(outcome.get()).isInstanceOf(ResultSet.class);
  }

  @Test
  void should_bound_a_synchronous_wait_on_a_stage_that_never_completes() {
    CompletableFuture<String> never = new CompletableFuture<>();
    long start = System.nanoTime();
    assertThatThrownBy(
            () -> Futures.getUninterruptibly(never, "test wait", Duration.ofMillis(200).toNanos()))
        .isInstanceOf(DriverTimeoutException.class)
        .hasMessageContaining("test wait");
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
  }
}
