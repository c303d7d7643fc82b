package io.scyllaboot.driver.api.session;

import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.Statement;
import java.util.concurrent.CompletionStage;

/**
 * The session as seen inside a session callback: every statement runs on ONE connection, chosen
 * when the first statement executes (by that statement's routing key, through the load-balancing
 * policy). Later statements skip pool selection, query plans and routing altogether.
 *
 * <p><b>Contract.</b> If that connection closes mid-callback, the statement in flight and every
 * later one fail with a {@link io.scyllaboot.driver.api.error.ConnectionException}: the driver
 * never silently moves the rest of the callback to another node. Nothing is retried on another node
 * either (an UNPREPARED answer is still re-prepared on the same connection). Statements may be
 * pipelined (several async calls in flight at once). The asynchronous forms complete on the
 * connection's I/O thread; do not block there. Valid only during the callback.
 */
public interface PinnedSession {

  CompletionStage<AsyncResultSet> executeAsync(String cql, Object... values);

  CompletionStage<AsyncResultSet> executeAsync(Statement<?> statement);

  ResultSet execute(String cql, Object... values);

  ResultSet execute(Statement<?> statement);

  /** Prepares through the session's statement cache (may use any connection). */
  PreparedStatement prepare(String cql);
}
