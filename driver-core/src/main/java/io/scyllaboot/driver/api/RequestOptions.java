package io.scyllaboot.driver.api;

import io.scyllaboot.driver.api.policy.SpeculativeExecutionPolicy;
import java.time.Duration;
import java.util.Objects;

/**
 * The request defaults of a {@link CqlSessionBuilder} (consistency, paging, timeout, idempotence,
 * timestamps, speculative executions, throttling): their defaults and their checks, in one place.
 */
final class RequestOptions {
  ConsistencyLevel consistency = ConsistencyLevel.LOCAL_ONE;
  ConsistencyLevel serialConsistency = ConsistencyLevel.SERIAL;
  int pageSize = 5000;
  Duration timeout = Duration.ofSeconds(2);
  boolean idempotent;
  boolean clientTimestamps = true;
  boolean logServerWarnings = true;
  SpeculativeExecutionPolicy speculativeExecution = SpeculativeExecutionPolicy.NONE;
  int maxConcurrentRequests; // 0: no throttling
  int maxThrottledQueue = 10_000;

  void consistency(ConsistencyLevel level) {
    consistency = Objects.requireNonNull(level, "consistency");
  }

  void serialConsistency(ConsistencyLevel level) {
    if (!Objects.requireNonNull(level, "serial consistency").isSerial()) {
      throw new IllegalArgumentException(
          "serial consistency must be SERIAL or LOCAL_SERIAL, was " + level);
    }
    serialConsistency = level;
  }

  void pageSize(int rows) {
    if (rows <= 0) {
      throw new IllegalArgumentException("page size must be positive, was " + rows);
    }
    pageSize = rows;
  }

  void timeout(Duration value) {
    timeout = ConnectionOptions.requirePositive(value, "request timeout");
  }

  void speculativeExecution(SpeculativeExecutionPolicy policy) {
    speculativeExecution = Objects.requireNonNull(policy, "speculative execution policy");
  }

  void throttling(int maxConcurrent, int maxQueued) {
    if (maxConcurrent < 1 || maxQueued < 0) {
      throw new IllegalArgumentException(
          "throttling needs max concurrent >= 1 and max queued >= 0, were "
              + maxConcurrent
              + " and "
              + maxQueued);
    }
    maxConcurrentRequests = maxConcurrent;
    maxThrottledQueue = maxQueued;
  }

  String describeThrottling() {
    return maxConcurrentRequests > 0 ? maxConcurrentRequests + "/" + maxThrottledQueue : "off";
  }

  String describeSpeculativeExecution() {
    return speculativeExecution == SpeculativeExecutionPolicy.NONE
        ? "none"
        : speculativeExecution.toString();
  }
}
