package io.scyllaboot.autoconfigure;

import io.scyllaboot.driver.api.CqlSessionBuilder;
import io.scyllaboot.driver.api.policy.AddressTranslator;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Applies {@code scylla.local-rack}, {@code scylla.load-balancing.*} (with the experimental tablets
 * routing v2), an {@code AddressTranslator} bean and {@code scylla.client-routes.*} to the session
 * builder. Runs before the application's customizers, which may override it.
 */
final class RoutingCustomizer implements CqlSessionBuilderCustomizer {
  private final ScyllaProperties properties;
  private final @Nullable AddressTranslator translator;

  RoutingCustomizer(ScyllaProperties properties, @Nullable AddressTranslator translator) {
    this.properties = properties;
    this.translator = translator;
  }

  @Override
  public void customize(CqlSessionBuilder builder) {
    String rack = properties.getLocalRack();
    if (rack != null && !rack.isBlank()) {
      builder.withLocalRack(rack.trim());
    }
    LoadBalancingProperties.DcFailover failover = properties.getLoadBalancing().getDcFailover();
    if (failover.getMaxNodesPerRemoteDc() > 0) {
      builder.withRemoteDatacenterFailover(
          failover.getMaxNodesPerRemoteDc(), failover.isAllowForLocalConsistencyLevels());
    }
    if (properties.getLoadBalancing().isTabletsRoutingV2()) {
      builder.withTabletsRoutingV2(true);
    }
    if (translator != null) {
      builder.withAddressTranslator(translator);
    }
    List<String> connectionIds =
        properties.getClientRoutes().getConnectionIds().stream()
            .filter(id -> id != null && !id.isBlank())
            .map(String::trim)
            .toList();
    if (!connectionIds.isEmpty()) {
      builder.withClientRoutes(connectionIds);
    }
  }
}
