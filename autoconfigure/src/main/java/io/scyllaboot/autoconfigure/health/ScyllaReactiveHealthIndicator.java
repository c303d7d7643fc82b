package io.scyllaboot.autoconfigure.health;

import org.springframework.boot.health.contributor.AbstractReactiveHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import reactor.core.publisher.Mono;

/**
 * The reactive form of {@link ScyllaHealthIndicator}: the same status and details, from the
 * driver's own view of the nodes (no query is sent, nothing blocks).
 */
public class ScyllaReactiveHealthIndicator extends AbstractReactiveHealthIndicator {
  private final ScyllaHealthIndicator nodes;

  public ScyllaReactiveHealthIndicator(ScyllaHealthIndicator nodes) {
    super("Scylla health check failed");
    this.nodes = nodes;
  }

  @Override
  protected Mono<Health> doHealthCheck(Health.Builder builder) {
    return Mono.fromCallable(
        () -> {
          nodes.doHealthCheck(builder);
          return builder.build();
        });
  }
}
