package io.scyllaboot.driver.internal.session;

import io.scyllaboot.driver.api.ExecutionProfile;
import io.scyllaboot.driver.api.cql.Statement;
import java.time.Duration;

/**
 * How long each synchronous call of a session may block, derived from the configured timeouts: a
 * backstop past them, so that a stage a defect never completes fails the caller with a timeout
 * instead of blocking its thread forever. The asynchronous calls' own timeouts end them first.
 */
final class SyncBounds {
  /** Slack past the sum of the timeouts: scheduling, the timer's tick, a slow machine. */
  static final Duration SLACK = Duration.ofSeconds(1);

  private final long requestNanos; // the longest request timeout of the session and its profiles
  private final long afterDdlNanos; // agreement, the coordinator's version, the schema refresh
  private final long closeNanos;

  SyncBounds(SessionSettings settings) {
    long longest = settings.requestTimeout().toNanos();
    for (ExecutionProfile profile : settings.policies().profiles().values()) {
      if (profile.timeout() != null) {
        longest = Math.max(longest, profile.timeout().toNanos());
      }
    }
    this.requestNanos = longest;
    long controlQuery = settings.connectTimeout().toNanos();
    this.afterDdlNanos = settings.schemaAgreementTimeout().toNanos() + 3 * controlQuery;
    // SessionCloser: the drain (a request timeout), the connections, the event loops.
    this.closeNanos =
        settings.requestTimeout().toNanos()
            + 3 * SessionCloser.CLOSE_GRACE.toNanos()
            + SLACK.toNanos();
  }

  /**
   * One statement: its request timeout (which covers the throttler's queue), the wait for schema
   * agreement a DDL adds, and the slack.
   */
  long execute(Statement<?> statement) {
    Duration own = statement.options().timeout();
    long request = own == null ? requestNanos : Math.max(requestNanos, own.toNanos());
    return request + afterDdlNanos + SLACK.toNanos();
  }

  /** A query with values: prepared first, then executed. */
  long prepareAndExecute() {
    return prepare() + requestNanos + afterDdlNanos;
  }

  /** A PREPARE on a first node, then on the others at once. */
  long prepare() {
    return 2 * requestNanos + SLACK.toNanos();
  }

  long close() {
    return closeNanos;
  }
}
