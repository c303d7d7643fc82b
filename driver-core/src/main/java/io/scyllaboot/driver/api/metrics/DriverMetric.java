package io.scyllaboot.driver.api.metrics;

import org.jspecify.annotations.Nullable;

/**
 * The Micrometer meters a session registers when it is given a {@code MeterRegistry}. Names are
 * dot-separated lower-case words (Micrometer's convention: each registry renders them its own way,
 * e.g. {@code scylla_data_sent_bytes_total} for Prometheus). Every meter carries the tag {@link
 * #SESSION_TAG}; node meters also carry {@link #NODE_TAG}.
 */
public enum DriverMetric {
  /**
   * Timer: request latency from the call to the last response, retries included; tag {@link
   * #OUTCOME_TAG} = {@code success} | {@code error}. Publishes a percentile histogram only when the
   * session is built with latency histograms on.
   */
  REQUESTS("scylla.requests", null),
  /** Counter: failed requests; tag {@link #ERROR_TYPE_TAG} = the exception's simple class name. */
  ERRORS("scylla.errors", null),
  /** Counter: attempts retried by the retry policy. */
  RETRIES("scylla.retries", null),
  /**
   * Counter: speculative executions started (a request not answered within the policy's delay also
   * sent to the next node).
   */
  SPECULATIVE_EXECUTIONS("scylla.speculative.executions", null),
  /** Counter: requests answered by a node of a remote data center (remote-DC failover). */
  REMOTE_DC_REQUESTS("scylla.requests.remote.dc", null),
  /** Counter: requests refused by the throttler. */
  THROTTLED("scylla.requests.throttled", null),
  /** Counter: bytes written to nodes. */
  DATA_SENT("scylla.data.sent", "bytes"),
  /** Counter: bytes read from nodes. */
  DATA_RECEIVED("scylla.data.received", "bytes"),
  /** Gauge: requests in flight on a node, tag {@link #NODE_TAG}. */
  NODE_REQUESTS_ACTIVE("scylla.nodes.requests.active", null),
  /** Gauge: open connections to a node, tag {@link #NODE_TAG}. */
  NODE_CONNECTIONS("scylla.nodes.connections", "connections"),
  /**
   * Not a meter name but the {@code cache} tag of Micrometer's Caffeine meters for the
   * prepared-statement cache: {@code cache.size}, {@code cache.gets} (tag {@code result} = hit |
   * miss), {@code cache.evictions}.
   */
  PREPARED_CACHE("scylla.prepared.statements", null);

  /** The tag naming the session ({@code scylla.session-name} in Spring Boot, default "s0"). */
  public static final String SESSION_TAG = "session";

  /** The tag naming a node, as {@code host:port}. */
  public static final String NODE_TAG = "node";

  /** The tag of {@link #REQUESTS}: {@code success} or {@code error}. */
  public static final String OUTCOME_TAG = "outcome";

  /** The tag of {@link #ERRORS}: the exception's simple class name. */
  public static final String ERROR_TYPE_TAG = "error.type";

  private final String meterName;
  private final @Nullable String baseUnit;

  DriverMetric(String meterName, @Nullable String baseUnit) {
    this.meterName = meterName;
    this.baseUnit = baseUnit;
  }

  /** The meter's name in the registry. */
  public String meterName() {
    return meterName;
  }

  /**
   * The base unit declared on the meter (e.g. {@code bytes}), or null when there is none; timers
   * record in the registry's base time unit.
   */
  public @Nullable String baseUnit() {
    return baseUnit;
  }
}
