package io.scyllaboot.autoconfigure;

import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.ExecutionProfile;
import java.time.Duration;

/**
 * {@code scylla.profiles.<name>.*}: an execution profile, the options a statement takes when it
 * names the profile ({@code withProfile("name")}, or {@code @Consistency(profile = "name")} on a
 * repository method). An option left unset is the session's.
 */
public class ProfileProperties {
  /** Consistency level of the profile's statements. */
  private ConsistencyLevel consistency;

  /** Serial consistency of the profile's lightweight transactions (SERIAL or LOCAL_SERIAL). */
  private ConsistencyLevel serialConsistency;

  /** Request timeout of the profile's statements. */
  private Duration timeout;

  /** Rows per page of the profile's queries. */
  private Integer pageSize;

  /** Whether the profile's statements may be retried and executed speculatively. */
  private Boolean idempotent;

  /** Retry policy of the profile's statements: default or fallthrough (never retries). */
  private RetryPolicyName retryPolicy;

  /** Speculative executions of the profile's idempotent statements. */
  private SpeculativeExecutionProperties speculativeExecution;

  /** The execution profile these properties describe. */
  public ExecutionProfile toProfile() {
    return ExecutionProfile.of()
        .withConsistency(consistency)
        .withSerialConsistency(serialConsistency)
        .withTimeout(timeout)
        .withPageSize(pageSize == null ? 0 : pageSize)
        .withIdempotent(idempotent)
        .withRetryPolicy(retryPolicy == null ? null : retryPolicy.toPolicy())
        .withSpeculativeExecution(
            speculativeExecution == null ? null : speculativeExecution.toPolicy());
  }

  public ConsistencyLevel getConsistency() {
    return consistency;
  }

  public void setConsistency(ConsistencyLevel consistency) {
    this.consistency = consistency;
  }

  public ConsistencyLevel getSerialConsistency() {
    return serialConsistency;
  }

  public void setSerialConsistency(ConsistencyLevel serialConsistency) {
    if (serialConsistency != null && !serialConsistency.isSerial()) {
      throw new IllegalArgumentException("must be SERIAL or LOCAL_SERIAL");
    }
    this.serialConsistency = serialConsistency;
  }

  public Duration getTimeout() {
    return timeout;
  }

  public void setTimeout(Duration timeout) {
    ScyllaProperties.requirePositive(timeout);
    this.timeout = timeout;
  }

  public Integer getPageSize() {
    return pageSize;
  }

  public void setPageSize(Integer pageSize) {
    if (pageSize != null) {
      ScyllaProperties.requirePositive(pageSize);
    }
    this.pageSize = pageSize;
  }

  public Boolean getIdempotent() {
    return idempotent;
  }

  public void setIdempotent(Boolean idempotent) {
    this.idempotent = idempotent;
  }

  public RetryPolicyName getRetryPolicy() {
    return retryPolicy;
  }

  public void setRetryPolicy(RetryPolicyName retryPolicy) {
    this.retryPolicy = retryPolicy;
  }

  public SpeculativeExecutionProperties getSpeculativeExecution() {
    return speculativeExecution;
  }

  public void setSpeculativeExecution(SpeculativeExecutionProperties speculativeExecution) {
    this.speculativeExecution = speculativeExecution;
  }
}
