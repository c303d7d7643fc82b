package io.scyllaboot.autoconfigure;

import io.scyllaboot.driver.api.CqlSessionBuilder;
import io.scyllaboot.driver.api.policy.ReconnectionPolicy;
import io.scyllaboot.driver.api.policy.RequestIdGenerator;
import io.scyllaboot.driver.api.policy.RetryPolicy;
import io.scyllaboot.driver.api.policy.SpeculativeExecutionPolicy;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;

/**
 * Applies the policy properties ({@code scylla.profiles.*}, {@code scylla.request.retry-policy},
 * {@code scylla.application-*}, {@code scylla.pool.max-concurrent-opens}), then the application's
 * policy beans, which win over the properties: a {@link RetryPolicy}, {@link ReconnectionPolicy},
 * {@link SpeculativeExecutionPolicy} or {@link RequestIdGenerator} bean is used when there is
 * exactly one of its type. Runs first among the customizers, so the application's own customizers
 * still have the last word.
 */
final class ScyllaPolicyCustomizer implements CqlSessionBuilderCustomizer, Ordered {
  private final ScyllaProperties properties;
  private final Environment environment;
  private final ObjectProvider<RetryPolicy> retryPolicy;
  private final ObjectProvider<ReconnectionPolicy> reconnectionPolicy;
  private final ObjectProvider<SpeculativeExecutionPolicy> speculativeExecutionPolicy;
  private final ObjectProvider<RequestIdGenerator> requestIdGenerator;

  ScyllaPolicyCustomizer(
      ScyllaProperties properties,
      Environment environment,
      ObjectProvider<RetryPolicy> retryPolicy,
      ObjectProvider<ReconnectionPolicy> reconnectionPolicy,
      ObjectProvider<SpeculativeExecutionPolicy> speculativeExecutionPolicy,
      ObjectProvider<RequestIdGenerator> requestIdGenerator) {
    this.properties = properties;
    this.environment = environment;
    this.retryPolicy = retryPolicy;
    this.reconnectionPolicy = reconnectionPolicy;
    this.speculativeExecutionPolicy = speculativeExecutionPolicy;
    this.requestIdGenerator = requestIdGenerator;
  }

  @Override
  public void customize(CqlSessionBuilder builder) {
    RetryPolicyName retry = properties.getRequest().getRetryPolicy();
    if (retry != null) {
      builder.withRetryPolicy(retry.toPolicy());
    }
    properties
        .getProfiles()
        .forEach((name, profile) -> builder.withProfile(name, profile.toProfile()));
    String name = properties.getApplicationName();
    if (name == null || name.isBlank()) {
      name = environment.getProperty("spring.application.name");
    }
    builder.withApplication(name, properties.getApplicationVersion());
    builder.withMaxConcurrentConnectionOpens(properties.getPool().getMaxConcurrentOpens());
    retryPolicy.ifUnique(builder::withRetryPolicy);
    reconnectionPolicy.ifUnique(builder::withReconnectionPolicy);
    speculativeExecutionPolicy.ifUnique(builder::withSpeculativeExecution);
    requestIdGenerator.ifUnique(builder::withRequestIdGenerator);
  }

  @Override
  public int getOrder() {
    return Ordered.HIGHEST_PRECEDENCE;
  }
}
