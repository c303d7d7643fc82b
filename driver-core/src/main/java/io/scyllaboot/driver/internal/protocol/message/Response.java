package io.scyllaboot.driver.internal.protocol.message;

/** A response message body, decoded by {@link ResponseDecoder}. */
public sealed interface Response
    permits Response.Ready,
        Response.Supported,
        Response.Authenticate,
        Response.AuthChallenge,
        Response.AuthSuccess,
        Response.Error,
        Response.Event,
        Result {

  /** READY: the connection accepts queries. */
  enum Ready implements Response {
    INSTANCE
  }

  /** SUPPORTED: the options the node accepts in STARTUP. */
  record Supported(java.util.Map<String, java.util.List<String>> options) implements Response {}

  /** AUTHENTICATE: the node wants SASL authentication with this authenticator class. */
  record Authenticate(String authenticator) implements Response {}

  /** AUTH_CHALLENGE: the next SASL challenge token. */
  record AuthChallenge(byte[] token) implements Response {}

  /** AUTH_SUCCESS: authentication finished, with a final token (may be null). */
  record AuthSuccess(byte[] token) implements Response {}

  /** ERROR: the server's error, decoded into its typed exception. */
  record Error(io.scyllaboot.driver.api.error.ServerException exception) implements Response {}

  /**
   * EVENT: a pushed event (stream id -1); {@code schemaChange} is null for non-schema events,
   * {@code routesChange} for all but ScyllaDB's {@code CLIENT_ROUTES_CHANGE}.
   */
  record Event(
      String type,
      String changeType,
      java.net.InetSocketAddress address,
      Result.SchemaChange schemaChange,
      ClientRoutesChange routesChange)
      implements Response {

    public Event(
        String type,
        String changeType,
        java.net.InetSocketAddress address,
        Result.SchemaChange schemaChange) {
      this(type, changeType, address, schemaChange, null);
    }
  }

  /**
   * ScyllaDB's {@code CLIENT_ROUTES_CHANGE} body after its change type ({@code UPDATE_NODES}): the
   * (connection id, host id) pairs whose rows of {@code system.client_routes} changed, as two lists
   * of the same length (host ids as text).
   */
  record ClientRoutesChange(
      java.util.List<String> connectionIds, java.util.List<java.util.UUID> hostIds) {}
}
