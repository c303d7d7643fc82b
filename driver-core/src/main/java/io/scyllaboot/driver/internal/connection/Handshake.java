package io.scyllaboot.driver.internal.connection;

import io.scyllaboot.driver.api.error.AuthenticationException;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.internal.protocol.frame.ResponseFrame;
import io.scyllaboot.driver.internal.protocol.message.Options;
import io.scyllaboot.driver.internal.protocol.message.Query;
import io.scyllaboot.driver.internal.protocol.message.QueryOptions;
import io.scyllaboot.driver.internal.protocol.message.Request;
import io.scyllaboot.driver.internal.protocol.message.Response;
import io.scyllaboot.driver.internal.protocol.message.Result;
import io.scyllaboot.driver.internal.protocol.message.Startup;
import io.scyllaboot.driver.internal.util.Futures;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The initialisation of a connection: OPTIONS (to learn the CQL version), STARTUP, then USE when a
 * keyspace is configured. Every step is asynchronous; nothing blocks the event loop.
 */
final class Handshake {
  private static final String DEFAULT_CQL_VERSION = "3.0.0";

  private final DriverChannel channel;
  private final ConnectionOptions options;
  private final String keyspace;

  Handshake(DriverChannel channel, ConnectionOptions options, String keyspace) {
    this.channel = channel;
    this.options = options;
    this.keyspace = keyspace;
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
    if (!(response instanceof Response.Supported supported)) {
      return failed(unexpected("SUPPORTED", response));
    }
    String cqlVersion = DEFAULT_CQL_VERSION;
    List<String> versions = supported.options().get("CQL_VERSION");
    if (versions != null && !versions.isEmpty()) {
      cqlVersion = versions.get(0);
    }
    return send(new Startup(Map.of("CQL_VERSION", cqlVersion, "DRIVER_NAME", "Scylla Boot")));
  }

  private CompletionStage<Void> onStartupResponse(Response response) {
    if (response instanceof Response.Ready) {
      return CompletableFuture.completedFuture(null);
    }
    if (response instanceof Response.Authenticate authenticate) {
      return failed(
          new AuthenticationException(
              channel
                  + " requires authentication ("
                  + authenticator(authenticate)
                  + ") but no credentials are configured"));
    }
    return failed(unexpected("READY", response));
  }

  private static String authenticator(Response.Authenticate authenticate) {
    return authenticate.authenticator();
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
              if (response instanceof Result.SetKeyspace set) {
                channel.keyspace(set.keyspace());
                return CompletableFuture.completedFuture(null);
              }
              return failed(unexpected("SET_KEYSPACE result", response));
            });
  }

  private RuntimeException unexpected(String expected, Response response) {
    if (response instanceof Response.Error error) {
      return error.exception();
    }
    if (response instanceof io.scyllaboot.driver.internal.protocol.message.RowsResult rows) {
      rows.release();
    }
    return new ConnectionException(
        "handshake with " + channel + ": expected " + expected + ", got " + response);
  }

  private static <T> CompletionStage<T> failed(Throwable error) {
    return CompletableFuture.failedFuture(error);
  }
}
