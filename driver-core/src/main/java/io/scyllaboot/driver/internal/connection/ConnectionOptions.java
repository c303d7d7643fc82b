package io.scyllaboot.driver.internal.connection;

import io.scyllaboot.driver.api.Compression;
import io.scyllaboot.driver.api.auth.AuthProvider;
import java.time.Duration;
import javax.net.ssl.SSLContext;
import org.jspecify.annotations.Nullable;

/**
 * How connections are opened and initialised.
 *
 * @param protocolVersion the native protocol version to speak (4 or 5), or 0 to negotiate: offer 5
 *     and fall back to 4 when the node refuses it
 * @param connectTimeout TCP connect timeout, also the TLS handshake timeout
 * @param initTimeout timeout of each request of the handshake (OPTIONS, STARTUP, AUTH, USE)
 * @param maxRequestsPerConnection stream ids per connection, at most 32767 (stream 0 is never used)
 * @param maxQueuedRequests requests that may wait for a stream id before new ones are refused
 * @param maxFrameLength the largest frame accepted from a node and the largest request sent, in
 *     bytes (the protocol allows 256 MiB); a larger request fails before it is sent
 * @param heartbeatInterval idle time after which an OPTIONS heartbeat checks the connection; zero
 *     disables heartbeats
 * @param compression frame (v4) or segment (v5) compression
 * @param sslContext TLS for every connection, or null for plain TCP
 * @param hostnameVerification whether TLS checks the certificate against the host connected to
 * @param authProvider credentials for nodes that require authentication, or null
 * @param applicationName sent in STARTUP as {@code APPLICATION_NAME}, or null
 * @param applicationVersion sent in STARTUP as {@code APPLICATION_VERSION}, or null
 */
public record ConnectionOptions(
    int protocolVersion,
    Duration connectTimeout,
    Duration initTimeout,
    int maxRequestsPerConnection,
    int maxQueuedRequests,
    int maxFrameLength,
    Duration heartbeatInterval,
    Compression compression,
    @Nullable SSLContext sslContext,
    boolean hostnameVerification,
    @Nullable AuthProvider authProvider,
    @Nullable String applicationName,
    @Nullable String applicationVersion) {

  public static final ConnectionOptions DEFAULTS =
      new ConnectionOptions(
          0, Duration.ofSeconds(5), Duration.ofSeconds(5), 1024, 16384, 256 * 1024 * 1024);

  public ConnectionOptions {
    if (protocolVersion != 0 && protocolVersion != 4 && protocolVersion != 5) {
      throw new IllegalArgumentException(
          "protocol version must be 4, 5 or 0 (negotiate), was " + protocolVersion);
    }
    if (maxRequestsPerConnection < 1 || maxRequestsPerConnection > 32767) {
      throw new IllegalArgumentException(
          "max requests per connection must be in [1, 32767], was " + maxRequestsPerConnection);
    }
    if (maxQueuedRequests < 0) {
      throw new IllegalArgumentException(
          "max queued requests must not be negative, was " + maxQueuedRequests);
    }
  }

  /** Without an application name and version. */
  public ConnectionOptions(
      int protocolVersion,
      Duration connectTimeout,
      Duration initTimeout,
      int maxRequestsPerConnection,
      int maxQueuedRequests,
      int maxFrameLength,
      Duration heartbeatInterval,
      Compression compression,
      @Nullable SSLContext sslContext,
      boolean hostnameVerification,
      @Nullable AuthProvider authProvider) {
    this(
        protocolVersion,
        connectTimeout,
        initTimeout,
        maxRequestsPerConnection,
        maxQueuedRequests,
        maxFrameLength,
        heartbeatInterval,
        compression,
        sslContext,
        hostnameVerification,
        authProvider,
        null,
        null);
  }

  /** Plain TCP, no compression, no credentials, heartbeats every 30 s. */
  public ConnectionOptions(
      int protocolVersion,
      Duration connectTimeout,
      Duration initTimeout,
      int maxRequestsPerConnection,
      int maxQueuedRequests,
      int maxFrameLength) {
    this(
        protocolVersion,
        connectTimeout,
        initTimeout,
        maxRequestsPerConnection,
        maxQueuedRequests,
        maxFrameLength,
        Duration.ofSeconds(30),
        Compression.NONE,
        null,
        true,
        null);
  }

  /**
   * How many stream ids of one connection may be held by orphaned requests (timed out, their
   * response never come) before the connection is closed and replaced: a quarter of {@link
   * #maxRequestsPerConnection()} (at least 1), so 256 with the default 1024, the Apache driver's
   * bound. A node that stops answering while traffic flows (a frozen process, a half-open TCP
   * connection) is then detected even when heartbeats never run; three quarters of the ids stay
   * usable until then, whatever the configured number of ids.
   */
  public int maxOrphanedStreamIds() {
    return Math.max(1, maxRequestsPerConnection / 4);
  }

  public ConnectionOptions withMaxRequestsPerConnection(int max) {
    return new ConnectionOptions(
        protocolVersion,
        connectTimeout,
        initTimeout,
        max,
        maxQueuedRequests,
        maxFrameLength,
        heartbeatInterval,
        compression,
        sslContext,
        hostnameVerification,
        authProvider,
        applicationName,
        applicationVersion);
  }
}
