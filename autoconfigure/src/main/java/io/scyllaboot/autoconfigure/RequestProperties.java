package io.scyllaboot.autoconfigure;

import io.scyllaboot.driver.api.ConsistencyLevel;
import java.time.Duration;
import org.springframework.boot.context.properties.NestedConfigurationProperty;

/**
 * {@code scylla.request.*}: request defaults of the session. The options a profile can override are
 * in {@link RequestSettings}; their defaults are set here (and listed in the additional
 * configuration metadata, which the build cannot read from a constructor).
 */
public class RequestProperties extends RequestSettings {
  /**
   * Whether every request carries a client-side timestamp (microseconds, strictly increasing in the
   * session), so that a retried or reordered write never overwrites a newer one.
   */
  private boolean clientTimestamps = true;

  /**
   * How long a connection may read nothing while requests wait on it before its node counts as
   * unresponsive (frozen, stalled): new requests avoid it until it answers again, and idempotent
   * requests that waited that long move to the next node. Zero disables. Unset: half the request
   * timeout, so that a stall shorter than that (a GC pause) is waited out rather than moving
   * requests and demoting the node.
   */
  private Duration unresponsiveNodeTimeout;

  @NestedConfigurationProperty
  private final ThrottlerProperties throttler = new ThrottlerProperties();

  public RequestProperties() {
    setTimeout(Duration.ofSeconds(2));
    setConsistency(ConsistencyLevel.LOCAL_ONE);
    setSerialConsistency(ConsistencyLevel.SERIAL);
    setPageSize(5000);
    setIdempotent(false);
    setRetryPolicy(RetryPolicyName.DEFAULT);
    setSpeculativeExecution(new SpeculativeExecutionProperties());
  }

  public Duration getUnresponsiveNodeTimeout() {
    return unresponsiveNodeTimeout;
  }

  public void setUnresponsiveNodeTimeout(Duration unresponsiveNodeTimeout) {
    this.unresponsiveNodeTimeout = unresponsiveNodeTimeout;
  }

  public boolean isClientTimestamps() {
    return clientTimestamps;
  }

  public void setClientTimestamps(boolean clientTimestamps) {
    this.clientTimestamps = clientTimestamps;
  }

  public ThrottlerProperties getThrottler() {
    return throttler;
  }
}
