package io.scyllaboot.driver.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.error.DriverException;
import io.scyllaboot.driver.api.type.DataType;
import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.testing.FrameMutation;
import io.scyllaboot.driver.testing.MutatingProxy;
import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import io.scyllaboot.driver.testing.fakenode.FakeResponses.Column;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The driver behind a hostile server: a seeded {@link MutatingProxy} between the session and a fake
 * node corrupts half of the answers to statements with one {@link FrameMutation} kind at a time
 * (protocol v4: the fake node speaks v4; the decoders' v5 side is fuzzed by {@code
 * ResultDecodingFuzzTest}). For every kind: every request completes within a bound, every failure
 * is a typed {@link DriverException}, every result that succeeds (and every value read from it) is
 * exactly what the node sent or a typed error, and once the proxy stops corrupting the session
 * serves again. The leak detector, at paranoid, fails the class on any ByteBuf leak.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HostileServerTest {
  private static final int PORT = 19177;
  private static final long SEED = 0x5C1_11AL;
  private static final double CHANCE = 0.5;
  private static final Duration REQUEST_TIMEOUT = Duration.ofMillis(400);
  // A request completes by its timeout, plus a tick, plus room for a slow machine.
  private static final long BOUND_MILLIS = 5_000;
  private static final List<Column> COLUMNS =
      List.of(
          new Column("k", PrimitiveType.INT),
          new Column("b", PrimitiveType.BLOB),
          new Column("l", new DataType.ListType(PrimitiveType.INT, false)),
          new Column("m", new DataType.MapType(PrimitiveType.INT, PrimitiveType.TEXT, false)),
          new Column("t", PrimitiveType.TEXT));
  private static final int SELECTS = 4;
  private static final String INSERT = "INSERT INTO ks.h (k) VALUES (?)";

  private static final Map<FrameMutation, Outcomes> FIGURES = new EnumMap<>(FrameMutation.class);
  private static FakeCluster cluster;
  private static MutatingProxy proxy;
  private static CqlSession session;
  private static final List<PreparedStatement> selects = new ArrayList<>();
  private static PreparedStatement insert;

  /** What a burst under one mutation kind gave. */
  record Outcomes(int exact, int typedFailures, int typedReadFailures, int applied) {}

  private static String select(int i) {
    return "SELECT k, b, l, m, t FROM ks.h WHERE k = ? /* " + i + " */";
  }

  private static String prepareOnly(FrameMutation kind) {
    return "SELECT k, b, l, m, t FROM ks.h WHERE k = ? /* prepared under " + kind + " */";
  }

  /** The rows statement {@code i} answers with: different for each, so a mix-up shows. */
  private static List<List<Object>> rows(int i) {
    List<List<Object>> rows = new ArrayList<>();
    for (int r = 0; r <= i; r++) {
      rows.add(
          java.util.Arrays.asList(
              i * 100 + r,
              ByteBuffer.wrap(new byte[] {(byte) i, (byte) r, 7, 7, 7, 7, 7, (byte) 0xEE}),
              List.of(i, r, 42),
              Map.of(i, "value " + i, r + 50, "row " + r),
              r == 1 ? null : "text " + i + "/" + r));
    }
    return rows;
  }

  @BeforeAll
  static void start() throws Exception {
    cluster = new FakeCluster(1, PORT);
    List<Column> key = List.of(new Column("k", PrimitiveType.INT));
    for (int i = 0; i < SELECTS; i++) {
      cluster.prime(select(i), key, new int[] {0}, COLUMNS, rows(i));
    }
    for (FrameMutation kind : FrameMutation.values()) {
      cluster.prime(prepareOnly(kind), key, new int[] {0}, COLUMNS, rows(0));
    }
    cluster.prime(INSERT, key, new int[] {0}, List.of(), List.of());
    proxy = new MutatingProxy(cluster.node(0).address(), SEED);
    session =
        CqlSession.builder()
            .addContactPoint(proxy.address())
            .withRequestTimeout(REQUEST_TIMEOUT)
            .withInitQueryTimeout(Duration.ofSeconds(2))
            .withUnresponsiveNodeTimeout(Duration.ofMillis(200))
            .withReconnectionDelays(Duration.ofMillis(20), Duration.ofMillis(100))
            .build();
    for (int i = 0; i < SELECTS; i++) {
      selects.add(session.prepare(select(i)));
    }
    insert = session.prepare(INSERT);
  }

  @AfterAll
  static void stop() throws Exception {
    FIGURES.forEach((kind, outcomes) -> System.out.println("hostile " + kind + ": " + outcomes));
    if (session != null) {
      session.close();
    }
    if (proxy != null) {
      proxy.close();
    }
    if (cluster != null) {
      cluster.close();
    }
  }

  @Order(1)
  @ParameterizedTest
  @EnumSource(FrameMutation.class)
  void should_fail_typed_or_answer_exactly_under_each_mutation(FrameMutation kind)
      throws Exception {
    proxy.mutate(kind, CHANCE);
    int exact = 0;
    int typed = 0;
    int typedReads = 0;
    for (int round = 0; round < 3; round++) {
      List<CompletableFuture<?>> requests = new ArrayList<>();
      List<Integer> expected = new ArrayList<>();
      for (int i = 0; i < SELECTS; i++) {
        requests.add(session.executeAsync(selects.get(i).bind(i)).toCompletableFuture());
        expected.add(i);
      }
      requests.add(session.executeAsync(insert.bind(round)).toCompletableFuture());
      expected.add(-1);
      if (round == 0) {
        requests.add(session.prepareAsync(prepareOnly(kind)).toCompletableFuture());
        expected.add(-2);
      }
      for (int r = 0; r < requests.size(); r++) {
        Object value;
        try {
          value = requests.get(r).get(BOUND_MILLIS, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
          throw new AssertionError(kind + ": a request did not complete within the bound", e);
        } catch (ExecutionException e) {
          assertThat(e.getCause())
              .as("%s: the failure reaching the caller", kind)
              .isInstanceOf(DriverException.class);
          typed++;
          continue;
        }
        int statement = expected.get(r);
        if (statement == -2) {
          assertThat(((PreparedStatement) value).query()).isEqualTo(prepareOnly(kind));
          exact++;
        } else if (readsExactly(kind, (AsyncResultSet) value, statement)) {
          exact++;
        } else {
          typedReads++;
        }
      }
    }
    FIGURES.put(kind, new Outcomes(exact, typed, typedReads, proxy.applied()));
    assertThat(proxy.applied()).as("%s applied to some frame", kind).isPositive();
    proxy.stopMutating();
    assertServes(kind);
  }

  /**
   * Whether the page holds exactly the rows statement {@code i} answers with (or nothing, for the
   * insert); false when reading it failed with a typed error. Anything else fails the test.
   */
  private static boolean readsExactly(FrameMutation kind, AsyncResultSet page, int statement) {
    try {
      List<List<Object>> read = new ArrayList<>();
      for (Row row : page.currentPage()) {
        List<Object> values = new ArrayList<>();
        for (int c = 0; c < COLUMNS.size(); c++) {
          values.add(row.getObject(c));
        }
        read.add(values);
      }
      assertThat(read)
          .as("%s: the values of statement %s", kind, statement)
          .isEqualTo(statement < 0 ? List.of() : rows(statement));
      return true;
    } catch (DriverException typedWhileReading) {
      return false;
    } finally {
      page.close();
    }
  }

  /** Once the proxy forwards faithfully, every statement answers exactly again. */
  private static void assertServes(FrameMutation kind) {
    await()
        .alias(kind + ": the session serves again")
        .atMost(Duration.ofSeconds(10))
        .ignoreExceptionsInstanceOf(ExecutionException.class)
        .until(
            () -> {
              for (int i = 0; i < SELECTS; i++) {
                AsyncResultSet page =
                    session
                        .executeAsync(selects.get(i).bind(i))
                        .toCompletableFuture()
                        .get(BOUND_MILLIS, TimeUnit.MILLISECONDS);
                if (!readsExactly(kind, page, i)) {
                  return false;
                }
              }
              return true;
            });
  }

  /** The figures the mutations produced: some requests failed typed, most read exactly. */
  @Order(2)
  @Test
  void should_have_seen_every_kind_fail_typed_or_answer_exactly() {
    assertThat(FIGURES).hasSize(FrameMutation.values().length);
    int failures =
        FIGURES.values().stream().mapToInt(o -> o.typedFailures() + o.typedReadFailures()).sum();
    assertThat(failures).isPositive();
  }
}
