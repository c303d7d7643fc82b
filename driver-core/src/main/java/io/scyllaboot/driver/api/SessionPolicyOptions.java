package io.scyllaboot.driver.api;

import io.scyllaboot.driver.api.policy.ReconnectionPolicy;
import io.scyllaboot.driver.api.policy.RequestIdGenerator;
import io.scyllaboot.driver.api.policy.RetryPolicy;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The builder's options for the pluggable policies, execution profiles, request ids and connection
 * storms: kept apart from {@link CqlSessionBuilder}, which extends it, so neither grows past a
 * readable size. Users only ever see these methods on the builder.
 */
abstract sealed class SessionPolicyOptions permits SessionRoutingOptions {
  /** The default of {@link #withMaxConcurrentConnectionOpens}. */
  static final int DEFAULT_MAX_CONCURRENT_OPENS = 8;

  private RetryPolicy retryPolicy = RetryPolicy.defaults();
  private @Nullable ReconnectionPolicy reconnectionPolicy; // null: from the reconnection delays
  private final Map<String, ExecutionProfile> profiles = new LinkedHashMap<>();
  private @Nullable RequestIdGenerator requestIdGenerator;
  private @Nullable String applicationName;
  private @Nullable String applicationVersion;
  private int maxConcurrentOpens = DEFAULT_MAX_CONCURRENT_OPENS;

  SessionPolicyOptions() {}

  private CqlSessionBuilder self() {
    return (CqlSessionBuilder) this;
  }

  /**
   * What is retried after a failed attempt, and where. Default {@link RetryPolicy#defaults()} (the
   * retry table of the fault-tolerance page); {@link RetryPolicy#fallthrough()} never retries. An
   * execution profile may name another.
   */
  public CqlSessionBuilder withRetryPolicy(RetryPolicy policy) {
    this.retryPolicy = Objects.requireNonNull(policy, "retry policy");
    return self();
  }

  /**
   * The delays between reconnection attempts to a node, instead of {@link
   * CqlSessionBuilder#withReconnectionDelays}' exponential ones: for example {@link
   * ReconnectionPolicy#constant}.
   */
  public CqlSessionBuilder withReconnectionPolicy(ReconnectionPolicy policy) {
    this.reconnectionPolicy = Objects.requireNonNull(policy, "reconnection policy");
    return self();
  }

  /**
   * Registers an execution profile that statements name with {@code withProfile(name)}; a second
   * profile of the same name replaces the first.
   */
  public CqlSessionBuilder withProfile(String name, ExecutionProfile profile) {
    Objects.requireNonNull(name, "profile name");
    if (name.isBlank()) {
      throw new IllegalArgumentException("profile name must not be blank");
    }
    profiles.put(name, Objects.requireNonNull(profile, "execution profile"));
    return self();
  }

  /**
   * Gives every request an id, sent in its custom payload (see {@link RequestIdGenerator}); retries
   * and speculative executions keep it. Default none: nothing extra is sent.
   */
  public CqlSessionBuilder withRequestIdGenerator(RequestIdGenerator generator) {
    this.requestIdGenerator = Objects.requireNonNull(generator, "request id generator");
    return self();
  }

  /**
   * The application's name and version, sent in every connection's STARTUP ({@code
   * APPLICATION_NAME}, {@code APPLICATION_VERSION}) besides the driver's, so that the server's
   * client list ({@code system_views.clients}) shows who is connected. Either may be null.
   */
  public CqlSessionBuilder withApplication(@Nullable String name, @Nullable String version) {
    this.applicationName = blankToNull(name);
    this.applicationVersion = blankToNull(version);
    return self();
  }

  /**
   * At most this many connections to one node are being opened at once (TCP, TLS, handshake);
   * default 8. Bounds the storm of handshakes a node gets when a client starts, or when the node
   * comes back and every pool refills at once; a node with many shards fills in rounds.
   */
  public CqlSessionBuilder withMaxConcurrentConnectionOpens(int connections) {
    if (connections < 1) {
      throw new IllegalArgumentException(
          "max concurrent connection opens must be at least 1, was " + connections);
    }
    this.maxConcurrentOpens = connections;
    return self();
  }

  // ---- for the builder

  RetryPolicy retryPolicy() {
    return retryPolicy;
  }

  @Nullable ReconnectionPolicy reconnectionPolicy() {
    return reconnectionPolicy;
  }

  Map<String, ExecutionProfile> profiles() {
    return profiles;
  }

  @Nullable RequestIdGenerator requestIdGenerator() {
    return requestIdGenerator;
  }

  @Nullable String applicationName() {
    return applicationName;
  }

  @Nullable String applicationVersion() {
    return applicationVersion;
  }

  int maxConcurrentOpens() {
    return maxConcurrentOpens;
  }

  /** The options of this class, for the builder's toString. */
  String describePolicies() {
    return ", retryPolicy="
        + retryPolicy
        + ", reconnectionPolicy="
        + (reconnectionPolicy == null ? "delays" : reconnectionPolicy)
        + ", profiles="
        + profiles.keySet()
        + ", requestIds="
        + (requestIdGenerator == null ? "off" : "on")
        + ", application="
        + applicationName
        + "/"
        + applicationVersion
        + ", maxConcurrentConnectionOpens="
        + maxConcurrentOpens;
  }

  private static @Nullable String blankToNull(@Nullable String value) {
    return value == null || value.isBlank() ? null : value;
  }
}
