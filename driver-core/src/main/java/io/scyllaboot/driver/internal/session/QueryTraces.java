package io.scyllaboot.driver.internal.session;

import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.QueryTrace;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.error.DriverException;
import java.net.InetAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Reads a request's trace from {@code system_traces} on demand. The coordinator writes the session
 * row (its {@code duration} last) and the events asynchronously, after it answered: a read finding
 * no row, or no duration yet, is repeated after 10, 20, 40 ... 640 ms (about 1.3 s in all) before
 * giving up. Each read is two queries at ONE, never more per trace.
 */
final class QueryTraces implements Function<UUID, CompletionStage<QueryTrace>> {
  static final int MAX_READS = 8;
  private static final long FIRST_DELAY_MILLIS = 10;
  // 100 ns intervals between the UUID epoch (1582-10-15) and the Unix epoch.
  private static final long UUID_EPOCH_OFFSET = 0x01B21DD213814000L;
  private static final String SESSION =
      "SELECT request, duration, coordinator, parameters, started_at"
          + " FROM system_traces.sessions WHERE session_id = ?";
  private static final String EVENTS =
      "SELECT event_id, activity, source, source_elapsed, thread"
          + " FROM system_traces.events WHERE session_id = ?";

  private final CqlSession session;

  QueryTraces(CqlSession session) {
    this.session = session;
  }

  @Override
  public CompletionStage<QueryTrace> apply(UUID tracingId) {
    return read(tracingId, 1);
  }

  private CompletionStage<QueryTrace> read(UUID id, int attempt) {
    return session
        .executeAsync(SimpleStatement.of(SESSION, id).withConsistency(ConsistencyLevel.ONE))
        .thenCompose(
            rows -> {
              Row row = rows.one();
              if (row != null && !row.isNull("duration")) {
                return events(id, row);
              }
              if (attempt >= MAX_READS) {
                return CompletableFuture.failedFuture(
                    new DriverException(
                        "trace "
                            + id
                            + " is still incomplete in system_traces after "
                            + MAX_READS
                            + " reads"));
              }
              long delay = FIRST_DELAY_MILLIS << (attempt - 1);
              return CompletableFuture.supplyAsync(
                      () -> null, CompletableFuture.delayedExecutor(delay, TimeUnit.MILLISECONDS))
                  .thenCompose(ignored -> read(id, attempt + 1));
            });
  }

  private CompletionStage<QueryTrace> events(UUID id, Row sessionRow) {
    List<QueryTrace.Event> events = new ArrayList<>();
    return session
        .executeAsync(SimpleStatement.of(EVENTS, id).withConsistency(ConsistencyLevel.ONE))
        .thenCompose(page -> collect(page, events))
        .thenApply(
            ignored ->
                new QueryTrace(
                    id,
                    String.valueOf(sessionRow.getString("request")),
                    Duration.ofNanos(sessionRow.getInt("duration") * 1000L),
                    sessionRow.get("coordinator", InetAddress.class),
                    parameters(sessionRow),
                    sessionRow.getInstant("started_at"),
                    events));
  }

  private static CompletionStage<Void> collect(AsyncResultSet page, List<QueryTrace.Event> into) {
    for (Row row : page.currentPage()) {
      UUID eventId = row.getUuid("event_id");
      into.add(
          new QueryTrace.Event(
              String.valueOf(row.getString("activity")),
              Instant.ofEpochMilli((eventId.timestamp() - UUID_EPOCH_OFFSET) / 10_000),
              row.get("source", InetAddress.class),
              row.isNull("source_elapsed") ? 0 : row.getInt("source_elapsed"),
              row.getString("thread")));
    }
    if (!page.hasMorePages()) {
      return CompletableFuture.completedFuture(null);
    }
    return page.fetchNextPage().thenCompose(next -> collect(next, into));
  }

  private static Map<String, String> parameters(Row row) {
    if (row.isNull("parameters")) {
      return Map.of();
    }
    return row.getMap("parameters", String.class, String.class);
  }
}
