package io.scyllaboot.autoconfigure;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.metadata.NodeStateListener;
import io.scyllaboot.driver.api.metadata.SchemaChangeListener;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * Applies {@code scylla.metadata.*} to the session builder and registers the application's {@link
 * SchemaChangeListener} and {@link NodeStateListener} beans on it (in bean order). It runs before
 * the application's own customizers, so that one of them can still change these settings.
 */
@AutoConfiguration(before = ScyllaAutoConfiguration.class)
@ConditionalOnClass(CqlSession.class)
@EnableConfigurationProperties(ScyllaProperties.class)
public class ScyllaMetadataAutoConfiguration {

  @Bean
  @Order(Ordered.HIGHEST_PRECEDENCE)
  CqlSessionBuilderCustomizer scyllaMetadataCustomizer(
      ScyllaProperties properties,
      ObjectProvider<SchemaChangeListener> schemaListeners,
      ObjectProvider<NodeStateListener> nodeListeners) {
    return builder -> {
      MetadataProperties.Schema schema = properties.getMetadata().getSchema();
      builder.withSchemaMetadata(schema.isEnabled());
      if (!schema.getKeyspaces().isEmpty()) {
        builder.withSchemaKeyspaces(schema.getKeyspaces()); // else the driver's default
      }
      schemaListeners.orderedStream().forEach(builder::addSchemaChangeListener);
      nodeListeners.orderedStream().forEach(builder::addNodeStateListener);
    };
  }
}
