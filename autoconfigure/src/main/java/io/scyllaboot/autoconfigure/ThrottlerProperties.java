package io.scyllaboot.autoconfigure;

/** {@code scylla.request.throttler.*}: a concurrency limit on the session's requests. */
public class ThrottlerProperties {
  /** Whether to limit the requests in flight. */
  private boolean enabled;

  /** Requests in flight at most. */
  private int maxConcurrentRequests = 1024;

  /** Requests that may wait for a slot before new ones are refused. */
  private int maxQueueSize = 10000;

  public boolean isEnabled() {
    return enabled;
  }

  public void setEnabled(boolean enabled) {
    this.enabled = enabled;
  }

  public int getMaxConcurrentRequests() {
    return maxConcurrentRequests;
  }

  public void setMaxConcurrentRequests(int maxConcurrentRequests) {
    ScyllaProperties.requirePositive(maxConcurrentRequests);
    this.maxConcurrentRequests = maxConcurrentRequests;
  }

  public int getMaxQueueSize() {
    return maxQueueSize;
  }

  public void setMaxQueueSize(int maxQueueSize) {
    if (maxQueueSize < 0) {
      throw new IllegalArgumentException("must not be negative");
    }
    this.maxQueueSize = maxQueueSize;
  }
}
