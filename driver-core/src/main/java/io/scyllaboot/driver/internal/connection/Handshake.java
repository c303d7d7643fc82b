package io.scyllaboot.driver.internal.connection;

import io.scyllaboot.driver.api.Compression;
import io.scyllaboot.driver.api.auth.AuthProvider;
import io.scyllaboot.driver.api.auth.Authenticator;
import io.scyllaboot.driver.api.error.AuthenticationException;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.api.error.ProtocolErrorException;
import io.scyllaboot.driver.internal.protocol.frame.ResponseFrame;
import io.scyllaboot.driver.internal.protocol.message.AuthResponse;
import io.scyllaboot.driver.internal.protocol.message.Options;
import io.scyllaboot.driver.internal.protocol.message.Query;
import io.scyllaboot.driver.internal.protocol.message.QueryOptions;
import io.scyllaboot.driver.internal.protocol.message.Request;
import io.scyllaboot.driver.internal.protocol.message.Response;
import io.scyllaboot.driver.internal.protocol.message.Result;
import io.scyllaboot.driver.internal.protocol.message.RowsResult;
import io.scyllaboot.driver.internal.protocol.message.Startup;
import io.scyllaboot.driver.internal.util.Futures;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The initialisation of a connection: OPTIONS (to learn the CQL version and compressions), STARTUP,
 * the SASL exchange when the node asks for it (AUTH_RESPONSE, AUTH_CHALLENGE rounds, AUTH_SUCCESS),
 * then USE when a keyspace is configured. Every step is asynchronous; nothing blocks the event
 * loop.
 *
 * <p>The switch to compressed frames (v4) or to segments (v5) after STARTUP is made by the codec
 * handlers themselves, on the bytes; this class only asks for it in STARTUP.
 */
final class Handshake {
  private static final String DEFAULT_CQL_VERSION = "3.0.0";
  static final String DRIVER_NAME = "Scylla Boot";

  /** From the jar's manifest; the development version when run from classes. */
  static final String DRIVER_VERSION =
      java.util.Objects.requireNonNullElse(
          Handshake.class.getPackage().getImplementationVersion(), "0.1.0-SNAPSHOT");

  /**
   * SASL challenges answered before giving up: real mechanisms need one or two; a node that keeps
   * challenging is broken or hostile, and would otherwise hold the connection forever.
   */
  static final int MAX_SASL_ROUNDS = 10;

  private final DriverChannel channel;
  private final InetSocketAddress address;
  private final ConnectionOptions options;
  private final String keyspace;
  private final SessionIdentity identity;
  private final boolean tabletsRoutingV2;

  Handshake(
      DriverChannel channel,
      InetSocketAddress address,
      ConnectionOptions options,
      String keyspace,
      SessionIdentity identity,
      boolean tabletsRoutingV2) {
    this.channel = channel;
    this.address = address;
    this.options = options;
    this.keyspace = keyspace;
    this.identity = identity;
    this.tabletsRoutingV2 = tabletsRoutingV2;
  }

  CompletionStage<Void> run() {
    return send(Options.INSTANCE)
        .thenCompose(this::onSupported)
        .thenCompose(this::onStartupResponse)
        .thenCompose(ready -> useKeyspace());
  }

  private CompletionStage<Response> send(Request request) {
    return channel
        .send(request, options.initTimeout().toNanos())
        .thenApply(ResponseFrame::message)
        .exceptionally(
            error -> {
              throw new ConnectionException(
                  "handshake with " + channel + " failed: " + Futures.unwrap(error).getMessage(),
                  Futures.unwrap(error));
            });
  }

  private CompletionStage<Response> onSupported(Response response) {
    if (response instanceof Response.Error error
        && error.exception() instanceof ProtocolErrorException refused) {
      // The only error a node sends to OPTIONS: it does not speak this version.
      return failed(
          new ProtocolVersionRefusedException(
              address
                  + " does not accept protocol v"
                  + channel.protocolVersion()
                  + ": "
                  + refused.serverMessage(),
              refused));
    }
    if (!(response instanceof Response.Supported supported)) {
      return failed(unexpected("SUPPORTED", response));
    }
    Map<String, String> startup = new HashMap<>();
    startup.put("CQL_VERSION", first(supported.options().get("CQL_VERSION"), DEFAULT_CQL_VERSION));
    startup.put("DRIVER_NAME", DRIVER_NAME);
    startup.put("DRIVER_VERSION", DRIVER_VERSION);
    if (options.applicationName() != null) {
      startup.put("APPLICATION_NAME", options.applicationName());
    }
    if (options.applicationVersion() != null) {
      startup.put("APPLICATION_VERSION", options.applicationVersion());
    }
    ScyllaFeatures features = ScyllaFeatures.parse(supported.options());
    channel.features(features);
    Map<String, String> extensions = features.startupOptions();
    startup.putAll(extensions);
    onIdentity(supported.options(), startup);
    if (extensions.containsKey(ScyllaFeatures.METADATA_ID) && channel.protocolVersion() < 5) {
      // From STARTUP on, PREPARED and ROWS carry result metadata ids as under v5.
      channel.useMetadataIds();
    }
    negotiateTabletsRoutingV2(supported.options(), startup);
    if (options.compression() == Compression.LZ4) {
      List<String> offered = supported.options().getOrDefault("COMPRESSION", List.of());
      if (!offered.contains("lz4")) {
        return failed(
            new ConnectionException(
                address + " does not support lz4 compression (it offers " + offered + ")"));
      }
      startup.put("COMPRESSION", "lz4");
    }
    return send(new Startup(startup));
  }

  /**
   * ScyllaDB's identity options: the node's host id ({@code SCYLLA_HOST_ID}, kept on the connection
   * for the pool to check) and the session's id and configuration, for the keys the node offers.
   */
  private void onIdentity(Map<String, List<String>> supported, Map<String, String> startup) {
    channel.hostId(SessionIdentity.reportedHostId(supported));
    startup.putAll(identity.startupOptions(supported));
  }

  /** Experimental, off by default: see {@link TabletsRoutingV2}. */
  private void negotiateTabletsRoutingV2(
      Map<String, List<String>> supported, Map<String, String> startup) {
    if (TabletsRoutingV2.negotiate(tabletsRoutingV2, supported, startup)) {
      channel.useTabletVersions();
    }
  }

  private static String first(List<String> values, String fallback) {
    return values == null || values.isEmpty() ? fallback : values.get(0);
  }

  private CompletionStage<Void> onStartupResponse(Response response) {
    if (response instanceof Response.Ready) {
      return CompletableFuture.completedFuture(null);
    }
    if (response instanceof Response.Authenticate authenticate) {
      AuthProvider provider = options.authProvider();
      if (provider == null) {
        return failed(
            new AuthenticationException(
                channel
                    + " requires authentication ("
                    + authenticate.authenticator()
                    + ") but no credentials are configured"));
      }
      Authenticator authenticator =
          provider.newAuthenticator(address, authenticate.authenticator());
      return authenticator
          .initialResponse()
          .thenCompose(token -> send(new AuthResponse(token)))
          .thenCompose(reply -> onAuthReply(authenticator, reply, 0));
    }
    return failed(unexpected("READY", response));
  }

  private CompletionStage<Void> onAuthReply(
      Authenticator authenticator, Response reply, int rounds) {
    if (reply instanceof Response.AuthSuccess success) {
      return authenticator.onAuthenticationSuccess(success.token());
    }
    if (reply instanceof Response.AuthChallenge challenge) {
      if (rounds >= MAX_SASL_ROUNDS) {
        AuthenticationException endless =
            new AuthenticationException(
                channel
                    + " sent more than "
                    + MAX_SASL_ROUNDS
                    + " challenges (SASL rounds) without AUTH_SUCCESS; giving up");
        endless.setNode(address);
        return failed(endless);
      }
      return authenticator
          .evaluateChallenge(challenge.token())
          .thenCompose(token -> send(new AuthResponse(token)))
          .thenCompose(next -> onAuthReply(authenticator, next, rounds + 1));
    }
    if (reply instanceof Response.Error error
        && error.exception() instanceof AuthenticationException refused) {
      AuthenticationException rejected =
          new AuthenticationException("credentials rejected: " + refused.serverMessage());
      rejected.setNode(address);
      return failed(rejected);
    }
    return failed(unexpected("AUTH_SUCCESS or AUTH_CHALLENGE", reply));
  }

  private CompletionStage<Void> useKeyspace() {
    if (keyspace == null) {
      return CompletableFuture.completedFuture(null);
    }
    QueryOptions queryOptions =
        new QueryOptions(1, null, false, 0, null, -1, QueryOptions.NO_TIMESTAMP, null);
    return send(new Query("USE " + keyspace, queryOptions))
        .thenCompose(
            response -> {
              if (response instanceof Result.SetKeyspace) {
                return CompletableFuture.completedFuture(null);
              }
              return failed(unexpected("SET_KEYSPACE result", response));
            });
  }

  private RuntimeException unexpected(String expected, Response response) {
    if (response instanceof Response.Error error) {
      return error.exception();
    }
    if (response instanceof RowsResult rows) {
      rows.release();
    }
    return new ConnectionException(
        "handshake with " + channel + ": expected " + expected + ", got " + response);
  }

  private static <T> CompletionStage<T> failed(Throwable error) {
    return CompletableFuture.failedFuture(error);
  }
}
