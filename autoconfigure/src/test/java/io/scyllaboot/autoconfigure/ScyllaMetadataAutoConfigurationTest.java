package io.scyllaboot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.CqlSessionBuilder;
import io.scyllaboot.driver.api.metadata.NodeStateListener;
import io.scyllaboot.driver.api.metadata.SchemaChangeListener;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** {@code scylla.metadata.*} and the listener beans reach the session builder. */
class ScyllaMetadataAutoConfigurationTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withBean("testSession", CqlSession.class, () -> Mockito.mock(CqlSession.class))
          .withConfiguration(
              AutoConfigurations.of(
                  ScyllaAutoConfiguration.class, ScyllaMetadataAutoConfiguration.class));

  @Test
  void should_keep_the_whole_schema_and_register_no_listener_by_default() {
    runner.run(
        context ->
            assertThat(context.getBean(CqlSessionBuilder.class).toString())
                .contains(
                    "schemaMetadata=[!system, !/^system_.*/, !/^dse_.*/, !solr_admin, !OpsCenter]",
                    "schemaListeners=0",
                    "nodeStateListeners=0"));
  }

  @Test
  void should_limit_or_disable_the_schema_from_the_properties() {
    runner
        .withPropertyValues("scylla.metadata.schema.keyspaces=shop,Audit")
        .run(
            context ->
                assertThat(context.getBean(CqlSessionBuilder.class).toString())
                    .contains("schemaMetadata=[shop, Audit]"));
    runner
        .withPropertyValues("scylla.metadata.schema.enabled=false")
        .run(
            context ->
                assertThat(context.getBean(CqlSessionBuilder.class).toString())
                    .contains("schemaMetadata=off"));
  }

  @Test
  void should_register_every_listener_bean() {
    runner
        .withBean("tables", SchemaChangeListener.class, () -> (change, schema) -> {})
        .withBean("views", SchemaChangeListener.class, () -> (change, schema) -> {})
        .withBean("nodes", NodeStateListener.class, () -> new NodeStateListener() {})
        .run(
            context ->
                assertThat(context.getBean(CqlSessionBuilder.class).toString())
                    .contains("schemaListeners=2", "nodeStateListeners=1"));
  }
}
