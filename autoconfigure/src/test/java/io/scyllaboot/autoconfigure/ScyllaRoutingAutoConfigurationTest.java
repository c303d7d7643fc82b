package io.scyllaboot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSessionBuilder;
import io.scyllaboot.driver.api.policy.AddressTranslator;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * {@code scylla.local-rack}, {@code scylla.load-balancing.*}, an AddressTranslator bean and {@code
 * scylla.client-routes.*}.
 */
class ScyllaRoutingAutoConfigurationTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(ScyllaAutoConfiguration.class));

  @Test
  void routing_is_off_by_default() {
    runner.run(
        context ->
            assertThat(context.getBean(CqlSessionBuilder.class).toString())
                .contains(
                    "routing={localRack=null, remoteDcFailover=off, nodeFilter=false,"
                        + " addressTranslator=none}"));
  }

  @Test
  void properties_set_the_local_rack_and_the_remote_failover() {
    runner
        .withPropertyValues(
            "scylla.local-rack=rack2",
            "scylla.load-balancing.dc-failover.max-nodes-per-remote-dc=2",
            "scylla.load-balancing.dc-failover.allow-for-local-consistency-levels=true")
        .run(
            context ->
                assertThat(context.getBean(CqlSessionBuilder.class).toString())
                    .contains("localRack=rack2, remoteDcFailover=2 (also LOCAL_*)"));
  }

  @Test
  void the_experimental_tablets_routing_v2_is_opt_in() {
    runner.run(
        context ->
            assertThat(context.getBean(CqlSessionBuilder.class).toString())
                .doesNotContain("tabletsRoutingV2"));
    runner
        .withPropertyValues("scylla.load-balancing.tablets-routing-v2=true")
        .run(
            context ->
                assertThat(context.getBean(CqlSessionBuilder.class).toString())
                    .contains("addressTranslator=none, tabletsRoutingV2=true}"));
  }

  @Test
  void a_negative_node_count_fails_start_up_naming_the_property() {
    runner
        .withPropertyValues("scylla.load-balancing.dc-failover.max-nodes-per-remote-dc=-1")
        .run(
            context ->
                assertThat(context)
                    .hasFailed()
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("must not be negative"));
  }

  @Test
  void an_address_translator_bean_is_used() {
    AddressTranslator nat = AddressTranslator.staticMap(Map.of("10.0.0.1:9042", "1.2.3.4:9042"));
    runner
        .withBean(AddressTranslator.class, () -> nat)
        .run(
            context ->
                assertThat(context.getBean(CqlSessionBuilder.class).toString())
                    .contains("addressTranslator=StaticAddressTranslator{"));
  }

  @Test
  void client_routes_connection_ids_reach_the_driver_which_needs_the_routes_table() {
    // The session of this context connects to the local Apache Cassandra node, which has no
    // system.client_routes: start-up fails saying so (the REGISTER for CLIENT_ROUTES_CHANGE,
    // refused by Cassandra, is retried without it first).
    runner
        .withPropertyValues("scylla.client-routes.connection-ids=pl-az1, pl-az2")
        .run(
            context ->
                assertThat(context)
                    .hasFailed()
                    .getFailure()
                    .rootCause()
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage(
                        "client routes are configured but the cluster has no"
                            + " system.client_routes table (ScyllaDB 2026.1 and later have it)"));
  }

  @Test
  void client_routes_with_an_address_translator_bean_fail_start_up_saying_why() {
    runner
        .withPropertyValues("scylla.client-routes.connection-ids=pl-az1")
        .withBean(AddressTranslator.class, () -> AddressTranslator.fixedHost("proxy"))
        .run(
            context ->
                assertThat(context)
                    .hasFailed()
                    .getFailure()
                    .rootCause()
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining(
                        "client routes and an address translator cannot be combined"));
  }
}
