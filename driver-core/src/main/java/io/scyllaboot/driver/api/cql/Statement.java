package io.scyllaboot.driver.api.cql;

import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.type.ByteUtils;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Something the session can execute. Statements are immutable: the {@code with...} methods return
 * copies. Options left unset take the session's defaults (see {@link StatementOptions}).
 *
 * @param <S> the concrete statement type, returned by the {@code with...} methods
 */
public sealed interface Statement<S extends Statement<S>>
    permits SimpleStatement, BoundStatement, BatchStatement {

  /** This statement's options. */
  StatementOptions options();

  /** A copy of this statement with other options. */
  S withOptions(StatementOptions options);

  default S withConsistency(ConsistencyLevel level) {
    return withOptions(options().withConsistency(level));
  }

  default S withSerialConsistency(ConsistencyLevel level) {
    return withOptions(options().withSerialConsistency(level));
  }

  /** A copy that fetches {@code rows} rows per page; 0 restores the session's default. */
  default S withPageSize(int rows) {
    return withOptions(options().withPageSize(rows));
  }

  /** A copy that resumes at this paging state ({@code null}: from the first page). */
  default S withPagingState(PagingState state) {
    return withOptions(options().withPagingState(state));
  }

  /**
   * As {@link #withPagingState}, from the server's bytes ({@link ExecutionInfo#rawPagingState()};
   * {@code null}: from the first page). The buffer is copied, its position left as it is.
   */
  default S withRawPagingState(@Nullable ByteBuffer state) {
    return withPagingState(state == null ? null : PagingState.fromBytes(ByteUtils.getArray(state)));
  }

  default S withTimeout(Duration timeout) {
    return withOptions(options().withTimeout(timeout));
  }

  /** A copy marked (not) idempotent: only idempotent statements are retried after a failure. */
  default S withIdempotent(boolean idempotent) {
    return withOptions(options().withIdempotent(idempotent));
  }

  /**
   * A copy that asks the server to trace the request; the trace's id is in the result's {@link
   * ExecutionInfo#tracingId()} (the trace itself in {@code system_traces}).
   */
  default S withTracing(boolean tracing) {
    return withOptions(options().withTracing(tracing));
  }

  /**
   * A copy written with this timestamp (microseconds since the epoch) instead of the session's
   * client-side timestamp; a {@code USING TIMESTAMP} in the query still wins.
   */
  default S withTimestamp(long micros) {
    return withOptions(options().withTimestamp(micros));
  }

  /**
   * A copy that goes to this node only (a node of the session's {@code metadata().nodes()}),
   * bypassing the load balancing policy: no other node is tried, and the request fails with an
   * {@code AllNodesFailedException} naming the node if the session has no connection to it (a node
   * of a remote data center without failover, or one the node filter rejects). {@code null}
   * restores the plan.
   */
  default S withNode(io.scyllaboot.driver.api.metadata.Node node) {
    return withOptions(options().withNode(node));
  }

  /**
   * A copy that takes the options it leaves unset from the named execution profile (consistency,
   * serial consistency, timeout, page size, idempotence, retry and speculative policies). The name
   * is checked when the statement is executed: a session without that profile fails the request
   * with {@code UnknownProfileException}, unsent.
   */
  default S withProfile(String name) {
    return withOptions(options().withProfile(name));
  }

  /**
   * A copy sent with this custom payload (protocol v4+), for server-side query handlers; the
   * session's request id, when it has a generator, is added to it. Replaces any earlier payload.
   */
  default S withCustomPayload(Map<String, ByteBuffer> payload) {
    return withOptions(options().withCustomPayload(payload));
  }
}
