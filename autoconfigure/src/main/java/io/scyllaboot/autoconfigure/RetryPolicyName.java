package io.scyllaboot.autoconfigure;

import io.scyllaboot.driver.api.policy.RetryPolicy;

/** The retry policies a property can name; a {@code RetryPolicy} bean replaces the session's. */
public enum RetryPolicyName {
  /** The retry table of the fault-tolerance page. */
  DEFAULT,
  /** Never retries: every error reaches the application. */
  FALLTHROUGH;

  /** The policy of this name. */
  public RetryPolicy toPolicy() {
    return this == DEFAULT ? RetryPolicy.defaults() : RetryPolicy.fallthrough();
  }
}
