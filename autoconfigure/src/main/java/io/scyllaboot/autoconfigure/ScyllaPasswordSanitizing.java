package io.scyllaboot.autoconfigure;

import java.util.Locale;
import org.springframework.boot.actuate.endpoint.SanitizableData;
import org.springframework.boot.actuate.endpoint.SanitizingFunction;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Masks {@code scylla.password} in {@code /actuator/env} and {@code /actuator/configprops} whatever
 * {@code management.endpoint.*.show-values} says: a sanitizing function that changes a value wins
 * over show-values, so turning values on for debugging never reveals the database password. Only
 * with actuator on the class path.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = "org.springframework.boot.actuate.endpoint.SanitizingFunction")
class ScyllaPasswordSanitizing {

  @Bean
  SanitizingFunction scyllaPasswordSanitizer() {
    return SanitizingFunction.of(ScyllaPasswordSanitizing::sanitize);
  }

  private static SanitizableData sanitize(SanitizableData data) {
    return isScyllaPassword(data.getKey()) ? data.withSanitizedValue() : data;
  }

  /**
   * True for the password's key in every form a property source holds it: {@code scylla.password},
   * {@code SCYLLA_PASSWORD} (environment), and the qualified key configprops reports.
   */
  static boolean isScyllaPassword(String key) {
    if (key == null) {
      return false;
    }
    String normalized = key.toLowerCase(Locale.ROOT).replace('_', '.').replace("-", "");
    return normalized.equals("scylla.password");
  }
}
