package io.scyllaboot.driver.api.auth;

import java.net.InetSocketAddress;

/**
 * Supplies the credentials of the driver's connections: when a node answers STARTUP with
 * AUTHENTICATE, the driver asks this provider for a new {@link Authenticator} and runs the SASL
 * exchange with it (AUTH_RESPONSE, then AUTH_CHALLENGE rounds, until AUTH_SUCCESS or an error).
 *
 * <p>Implementations must be thread-safe: connections to several nodes authenticate at the same
 * time. {@link PlainTextAuthProvider} covers Cassandra's {@code PasswordAuthenticator} and
 * ScyllaDB's password authenticator.
 */
@FunctionalInterface
public interface AuthProvider {

  /**
   * Creates the authenticator of one connection.
   *
   * @param node the address of the node being connected to
   * @param serverAuthenticator the authenticator class the node named in its AUTHENTICATE message,
   *     for example {@code org.apache.cassandra.auth.PasswordAuthenticator}
   * @return a fresh authenticator, used by that connection only
   */
  Authenticator newAuthenticator(InetSocketAddress node, String serverAuthenticator);
}
