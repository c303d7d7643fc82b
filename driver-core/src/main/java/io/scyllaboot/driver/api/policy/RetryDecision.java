package io.scyllaboot.driver.api.policy;

/** What a {@link RetryPolicy} decides for a failed attempt. */
public enum RetryDecision {
  /** Send the request again to the node that failed it. */
  RETRY_SAME,
  /** Send the request to the next node of its query plan. */
  RETRY_NEXT,
  /** Give up: the caller's future fails with this attempt's error. */
  RETHROW
}
