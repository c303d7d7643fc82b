package io.scyllaboot.test;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.autoconfigure.ScyllaConnectionDetails;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.context.ContextCustomizer;

/** The Spring hook of {@link WithLocalScyllaNode}, on the shared local node (started if needed). */
class LocalScyllaNodeContextCustomizerIT {

  @WithLocalScyllaNode(reuse = true) // the node may be a CI script's
  static class Annotated {}

  static class NotAnnotated {}

  private static ContextCustomizer customizer(Class<?> testClass) {
    return new LocalScyllaNodeContextCustomizerFactory()
        .createContextCustomizer(testClass, List.of());
  }

  @Test
  void
      should_point_at_the_node_and_supply_a_single_node_replication_the_application_may_override() {
    try (GenericApplicationContext context = new GenericApplicationContext()) {
      customizer(Annotated.class).customizeContext(context, null);
      assertThat(context.getBeanFactory().getBean(ScyllaConnectionDetails.class).getContactPoints())
          .hasSize(1);
      assertThat(context.getEnvironment().getProperty("scylla.keyspace-replication"))
          .isEqualTo("{'class': 'SimpleStrategy', 'replication_factor': 1}");
    }
    try (GenericApplicationContext context = new GenericApplicationContext()) {
      context
          .getEnvironment()
          .getPropertySources()
          .addFirst(
              new MapPropertySource(
                  "application",
                  Map.of("scylla.keyspace-replication", "{'class': 'NetworkTopologyStrategy'}")));
      customizer(Annotated.class).customizeContext(context, null);
      assertThat(context.getEnvironment().getProperty("scylla.keyspace-replication"))
          .isEqualTo("{'class': 'NetworkTopologyStrategy'}");
    }
    assertThat(customizer(NotAnnotated.class)).isNull();
  }
}
