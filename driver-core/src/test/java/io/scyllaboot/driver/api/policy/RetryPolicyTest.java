package io.scyllaboot.driver.api.policy;

import static io.scyllaboot.driver.api.policy.RetryDecision.RETHROW;
import static io.scyllaboot.driver.api.policy.RetryDecision.RETRY_NEXT;
import static io.scyllaboot.driver.api.policy.RetryDecision.RETRY_SAME;
import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.api.error.OverloadedException;
import io.scyllaboot.driver.api.error.ReadTimeoutException;
import io.scyllaboot.driver.api.error.ServerErrorException;
import io.scyllaboot.driver.api.error.TruncateException;
import io.scyllaboot.driver.api.error.UnavailableException;
import io.scyllaboot.driver.api.error.WriteTimeoutException;
import org.junit.jupiter.api.Test;

/** The default policy is the fault-tolerance page's retry table; fallthrough never retries. */
class RetryPolicyTest {
  private static final SimpleStatement STATEMENT = SimpleStatement.of("SELECT 1");
  private static final ConsistencyLevel Q = ConsistencyLevel.QUORUM;

  private static ReadTimeoutException readTimeout(int received, int blockFor, boolean data) {
    return new ReadTimeoutException("rt", Q, received, blockFor, data);
  }

  private static WriteTimeoutException writeTimeout(String type) {
    return new WriteTimeoutException("wt", Q, 1, 2, type, 0);
  }

  @Test
  void should_retry_a_read_timeout_on_the_same_node_once_when_only_the_data_was_missing() {
    RetryPolicy policy = RetryPolicy.defaults();
    assertThat(policy.onReadTimeout(STATEMENT, readTimeout(2, 2, false), 0)).isEqualTo(RETRY_SAME);
    assertThat(policy.onReadTimeout(STATEMENT, readTimeout(2, 2, false), 1)).isEqualTo(RETHROW);
    assertThat(policy.onReadTimeout(STATEMENT, readTimeout(1, 2, false), 0)).isEqualTo(RETHROW);
    assertThat(policy.onReadTimeout(STATEMENT, readTimeout(2, 2, true), 0)).isEqualTo(RETHROW);
  }

  @Test
  void should_retry_only_an_idempotent_batch_log_write_timeout_once() {
    RetryPolicy policy = RetryPolicy.defaults();
    assertThat(policy.onWriteTimeout(STATEMENT, writeTimeout("BATCH_LOG"), true, 0))
        .isEqualTo(RETRY_SAME);
    assertThat(policy.onWriteTimeout(STATEMENT, writeTimeout("BATCH_LOG"), false, 0))
        .isEqualTo(RETHROW);
    assertThat(policy.onWriteTimeout(STATEMENT, writeTimeout("BATCH_LOG"), true, 1))
        .isEqualTo(RETHROW);
    for (String type : new String[] {"SIMPLE", "BATCH", "CAS", "COUNTER"}) {
      assertThat(policy.onWriteTimeout(STATEMENT, writeTimeout(type), true, 0))
          .as(type)
          .isEqualTo(RETHROW);
    }
  }

  @Test
  void should_try_the_next_node_once_when_unavailable() {
    RetryPolicy policy = RetryPolicy.defaults();
    UnavailableException error = new UnavailableException("u", Q, 2, 1);
    assertThat(policy.onUnavailable(STATEMENT, error, 0)).isEqualTo(RETRY_NEXT);
    assertThat(policy.onUnavailable(STATEMENT, error, 1)).isEqualTo(RETHROW);
  }

  @Test
  void should_move_an_idempotent_request_on_node_errors_and_rethrow_the_rest() {
    RetryPolicy policy = RetryPolicy.defaults();
    for (var error :
        new io.scyllaboot.driver.api.error.DriverException[] {
          new ConnectionException("closed"),
          new OverloadedException("busy"),
          new ServerErrorException("oops")
        }) {
      assertThat(policy.onRequestError(STATEMENT, error, true, 3)).isEqualTo(RETRY_NEXT);
      assertThat(policy.onRequestError(STATEMENT, error, false, 0)).isEqualTo(RETHROW);
    }
    assertThat(policy.onRequestError(STATEMENT, new TruncateException("t"), true, 0))
        .isEqualTo(RETHROW);
  }

  @Test
  void should_never_retry_with_fallthrough() {
    RetryPolicy policy = RetryPolicy.fallthrough();
    assertThat(policy.onReadTimeout(STATEMENT, readTimeout(2, 2, false), 0)).isEqualTo(RETHROW);
    assertThat(policy.onWriteTimeout(STATEMENT, writeTimeout("BATCH_LOG"), true, 0))
        .isEqualTo(RETHROW);
    assertThat(policy.onUnavailable(STATEMENT, new UnavailableException("u", Q, 2, 1), 0))
        .isEqualTo(RETHROW);
    assertThat(policy.onRequestError(STATEMENT, new OverloadedException("busy"), true, 0))
        .isEqualTo(RETHROW);
    assertThat(policy).hasToString("fallthrough");
  }
}
