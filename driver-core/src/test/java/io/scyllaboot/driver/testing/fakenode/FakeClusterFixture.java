package io.scyllaboot.driver.testing.fakenode;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.CqlSessionBuilder;
import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.testing.CloseAfterEach;
import io.scyllaboot.driver.testing.fakenode.FakeResponses.Column;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * What the session tests against a {@link FakeCluster} share: the table {@code ks.tbl (k int, v
 * text)} with {@link #INSERT} and {@link #SELECT} primed (the SELECT answers one row, "value"),
 * sessions to the first node, and closing all of it after each test ({@link CloseAfterEach}: the
 * newest first). Register it as a field with {@code @RegisterExtension}.
 */
public final class FakeClusterFixture implements AfterEachCallback {
  public static final String INSERT = "INSERT INTO ks.tbl (k, v) VALUES (?, ?)";
  public static final String SELECT = "SELECT v FROM ks.tbl WHERE k = ?";
  public static final List<Column> KV =
      List.of(new Column("k", PrimitiveType.INT), new Column("v", PrimitiveType.TEXT));

  private final CloseAfterEach closer = new CloseAfterEach();
  private FakeCluster cluster;

  /** Takes the cluster (closed after the test) and primes INSERT and SELECT on it. */
  public FakeCluster start(FakeCluster fake) {
    cluster = closer.add(fake);
    cluster.prime(INSERT, KV, new int[] {0}, List.of(), List.of());
    cluster.prime(
        SELECT,
        List.of(new Column("k", PrimitiveType.INT)),
        new int[] {0},
        List.of(new Column("v", PrimitiveType.TEXT)),
        List.of(List.of("value")));
    return cluster;
  }

  /** A session of the builder's to node 0 (closed after the test). */
  public CqlSession open(CqlSessionBuilder builder) {
    return closer.add(builder.addContactPoint(cluster.node(0).address()).build());
  }

  /** Closes a session the test built itself after the test too; returns it. */
  public CqlSession track(CqlSession session) {
    return closer.add(session);
  }

  /** A session to node 0, failing fast: 2 s a request, reconnection after 50 to 200 ms. */
  public CqlSession connect(CqlSessionBuilder builder) {
    return open(
        builder
            .withRequestTimeout(Duration.ofSeconds(2))
            .withReconnectionDelays(Duration.ofMillis(50), Duration.ofMillis(200)));
  }

  @Override
  public void afterEach(ExtensionContext context) throws Exception {
    cluster = null;
    closer.afterEach(context);
  }
}
