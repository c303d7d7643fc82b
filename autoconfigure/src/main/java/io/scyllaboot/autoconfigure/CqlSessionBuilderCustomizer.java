package io.scyllaboot.autoconfigure;

import io.scyllaboot.driver.api.CqlSessionBuilder;

/**
 * Customizes the session builder after the properties were applied. Beans of this type run in
 * {@code @Order} order.
 */
@FunctionalInterface
public interface CqlSessionBuilderCustomizer {
  void customize(CqlSessionBuilder builder);
}
