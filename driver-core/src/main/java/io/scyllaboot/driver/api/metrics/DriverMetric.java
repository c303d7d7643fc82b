package io.scyllaboot.driver.api.metrics;

/**
 * The Micrometer meters a session registers when it is given a {@code MeterRegistry}. Every meter
 * carries the tag {@code session} (the session name); node meters also carry {@code node}.
 */
public enum DriverMetric {
  /** Timer: request latency, tag {@code outcome} = success | error. */
  REQUESTS("scylla.requests"),
  /** Counter: failed requests by exception type, tag {@code kind}. */
  ERRORS("scylla.errors"),
  /** Counter: attempts retried by the retry policy. */
  RETRIES("scylla.retries"),
  /** Counter: requests refused by the throttler. */
  THROTTLED("scylla.requests.throttled"),
  /** Counter: bytes written to nodes. */
  BYTES_SENT("scylla.bytes.sent"),
  /** Counter: bytes read from nodes. */
  BYTES_RECEIVED("scylla.bytes.received"),
  /** Gauge: requests in flight on a node, tag {@code node}. */
  NODE_IN_FLIGHT("scylla.nodes.in-flight"),
  /** Gauge: open connections to a node, tag {@code node}. */
  NODE_CONNECTIONS("scylla.nodes.connections"),
  /**
   * Caffeine cache meters of the prepared-statement cache: {@code cache.size}, {@code cache.gets}
   * (tag {@code result} = hit | miss), {@code cache.evictions}, with tag {@code cache} = this name.
   */
  PREPARED_CACHE("scylla.prepared-statements");

  private final String meterName;

  DriverMetric(String meterName) {
    this.meterName = meterName;
  }

  /** The meter's name in the registry. */
  public String meterName() {
    return meterName;
  }
}
