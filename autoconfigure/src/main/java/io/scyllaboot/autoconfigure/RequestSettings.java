package io.scyllaboot.autoconfigure;

import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.ExecutionProfile;
import java.time.Duration;
import org.springframework.boot.context.properties.NestedConfigurationProperty;

/**
 * The options of a request that the session sets ({@code scylla.request.*}, {@link
 * RequestProperties}) and an execution profile overrides ({@code scylla.profiles.<name>.*}, {@link
 * ProfileProperties}). Here an option is unset (null) until bound; the session's class sets its
 * defaults. Each setter checks its value, so both places refuse the same bad values.
 */
public abstract class RequestSettings {
  /** How long a request may take, retries included. */
  private Duration timeout;

  /** Default consistency level. */
  private ConsistencyLevel consistency;

  /** Default serial consistency of lightweight transactions: SERIAL or LOCAL_SERIAL. */
  private ConsistencyLevel serialConsistency;

  /** Rows per page. */
  private Integer pageSize;

  /** Whether statements are idempotent (may be retried) unless they say otherwise. */
  private Boolean idempotent;

  /** What is retried after a failed attempt: default (the retry table) or fallthrough. */
  private RetryPolicyName retryPolicy;

  @NestedConfigurationProperty private SpeculativeExecutionProperties speculativeExecution;

  RequestSettings() {}

  /** The execution profile of the options set here; an unset option is left to the session. */
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

  public Duration getTimeout() {
    return timeout;
  }

  public void setTimeout(Duration timeout) {
    ScyllaProperties.requirePositive(timeout);
    this.timeout = timeout;
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
