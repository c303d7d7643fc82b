package io.scyllaboot.driver.api;

import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.api.metadata.ClusterMetadata;
import io.scyllaboot.driver.api.session.AsyncSessionCallback;
import io.scyllaboot.driver.api.session.PinnedSession;
import io.scyllaboot.driver.api.session.SessionCallback;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The entry point: executes statements against the cluster. Thread-safe; create one per application
 * (with {@link #builder()}) and share it. Close it to release its connections.
 *
 * <p>Every operation has an asynchronous form returning a {@link CompletionStage}, completed on a
 * driver I/O thread: continuations must not block. The synchronous forms wait for it and refuse to
 * run on a driver thread ({@link IllegalStateException}), where they would deadlock.
 *
 * <p>Errors are {@link io.scyllaboot.driver.api.error.DriverException}s: a server error has its own
 * subtype per protocol error code.
 */
public interface CqlSession extends AutoCloseable {

  /** A builder with every option at its documented default. */
  static CqlSessionBuilder builder() {
    return new CqlSessionBuilder();
  }

  /**
   * Executes a CQL string. Without values it is sent as is (a QUERY). With values it is prepared
   * once through the session's statement cache and executed with the values bound from the server's
   * metadata, so repeated calls cost one EXECUTE each.
   *
   * @param values plain Java values, one per bind marker, in order
   */
  CompletionStage<AsyncResultSet> executeAsync(String cql, Object... values);

  /** Executes a statement; a {@code SimpleStatement} is never prepared. */
  CompletionStage<AsyncResultSet> executeAsync(Statement<?> statement);

  /**
   * Prepares a statement through the session's cache: concurrent and repeated calls for the same
   * query share one PREPARE, and return the same instance while it stays cached.
   */
  CompletionStage<PreparedStatement> prepareAsync(String cql);

  /**
   * Wraps a continuation that starts requests on another thread than the caller's (after a {@link
   * #prepareAsync} that has not completed yet), so that the session's request listeners see the
   * caller's context when those requests start: a tracer's current span becomes their parent. Call
   * it on the caller's thread. Without listeners, {@code continuation} as it is.
   */
  default <T, R> Function<T, R> inCallerContext(Function<T, R> continuation) {
    return continuation;
  }

  /** Synchronous {@link #executeAsync(String, Object...)}; pages are fetched as iterated. */
  ResultSet execute(String cql, Object... values);

  /** Synchronous {@link #executeAsync(Statement)}. */
  ResultSet execute(Statement<?> statement);

  /** Synchronous {@link #prepareAsync(String)}. */
  PreparedStatement prepare(String cql);

  /**
   * The statement's rows as a Reactive Streams publisher (the DataStax driver's {@code
   * executeReactive}): nothing is sent until a subscriber requests rows; pages follow the demand.
   */
  io.scyllaboot.driver.api.cql.ReactiveResultSet executeReactive(Statement<?> statement);

  /** {@link #executeReactive(Statement)} of CQL text and its values. */
  default io.scyllaboot.driver.api.cql.ReactiveResultSet executeReactive(
      String cql, Object... values) {
    return executeReactive(io.scyllaboot.driver.api.cql.SimpleStatement.of(cql, values));
  }

  /**
   * Prepares the statement's query; the statements it binds start with the statement's options
   * (consistency, page size, time-out...) instead of the defaults, as the DataStax driver's {@code
   * prepare(SimpleStatement)} does. Its values, if any, are not bound.
   */
  default PreparedStatement prepare(io.scyllaboot.driver.api.cql.SimpleStatement statement) {
    return io.scyllaboot.driver.api.cql.PreparedWithOptions.of(
        prepare(statement.query()), statement.options());
  }

  /**
   * Runs several statements on ONE connection, with no pool selection or routing per statement: the
   * connection is chosen when the callback's first statement executes (by that statement's routing
   * key). See {@link PinnedSession} for what happens when the connection dies. Runs the callback on
   * the calling thread, which must not be a driver I/O thread.
   *
   * @throws IllegalStateException when called on a driver I/O thread
   */
  <T> T executeInSession(SessionCallback<T> callback);

  /** Asynchronous {@link #executeInSession}: the callback composes the pinned session's stages. */
  <T> CompletionStage<T> executeInSessionAsync(AsyncSessionCallback<T> callback);

  /** Size, hits, misses and evictions of the prepared-statement cache. */
  PreparedCacheStats preparedCacheStats();

  /**
   * The session's state now, for diagnostics: nodes and pools, the statement cache, the protocol
   * version and compression, the throttler. Cheap (no lock, no request), but not for the request
   * path.
   */
  io.scyllaboot.driver.api.metrics.SessionSnapshot snapshot();

  /**
   * The name given with {@link CqlSessionBuilder#withSessionName(String)} ({@code "s0"} when none
   * was), which prefixes the session's thread names and tags its metrics. Also what the DataStax
   * driver's {@code getName()} returns, with the same default.
   */
  default String name() {
    return snapshot().sessionName();
  }

  /** The nodes of the cluster and their state. */
  ClusterMetadata metadata();

  /**
   * The session's codecs: the driver's own codec for a CQL type, and codecs of application types
   * registered while the session runs (the DataStax driver's {@code
   * session.getContext().getCodecRegistry()}). Prefer {@link CqlSessionBuilder#addTypeCodecs} when
   * the codecs are known before the session is built.
   */
  io.scyllaboot.driver.api.type.CodecRegistry codecRegistry();

  /** The keyspace the session was opened in, or null. */
  @Nullable String keyspace();

  /**
   * Closes the session: new requests are refused at once, requests in flight get up to the request
   * timeout to finish, then every connection is closed. Idempotent.
   */
  CompletionStage<Void> closeAsync();

  /** Synchronous {@link #closeAsync()}. */
  @Override
  void close();
}
