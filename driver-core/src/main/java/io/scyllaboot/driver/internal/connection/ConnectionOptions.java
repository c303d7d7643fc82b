package io.scyllaboot.driver.internal.connection;

import java.time.Duration;

/**
 * How connections are opened and initialised.
 *
 * @param protocolVersion the native protocol version to speak (4 or 5)
 * @param connectTimeout TCP connect timeout
 * @param initTimeout timeout of each request of the handshake (OPTIONS, STARTUP, USE)
 * @param maxRequestsPerConnection stream ids per connection, at most 32768
 * @param maxQueuedRequests requests that may wait for a stream id before new ones are refused
 * @param maxFrameLength the largest response frame accepted, in bytes
 * @param heartbeatInterval idle time after which an OPTIONS heartbeat checks the connection; zero
 *     disables heartbeats
 */
public record ConnectionOptions(
    int protocolVersion,
    Duration connectTimeout,
    Duration initTimeout,
    int maxRequestsPerConnection,
    int maxQueuedRequests,
    int maxFrameLength,
    Duration heartbeatInterval) {

  public static final ConnectionOptions DEFAULTS =
      new ConnectionOptions(
          4,
          Duration.ofSeconds(5),
          Duration.ofSeconds(5),
          1024,
          16384,
          256 * 1024 * 1024,
          Duration.ofSeconds(30));

  public ConnectionOptions {
    if (protocolVersion != 4 && protocolVersion != 5) {
      throw new IllegalArgumentException("protocol version must be 4 or 5, was " + protocolVersion);
    }
    if (maxRequestsPerConnection < 1 || maxRequestsPerConnection > 32768) {
      throw new IllegalArgumentException(
          "max requests per connection must be in [1, 32768], was " + maxRequestsPerConnection);
    }
    if (maxQueuedRequests < 0) {
      throw new IllegalArgumentException(
          "max queued requests must not be negative, was " + maxQueuedRequests);
    }
  }

  public ConnectionOptions withMaxRequestsPerConnection(int max) {
    return new ConnectionOptions(
        protocolVersion,
        connectTimeout,
        initTimeout,
        max,
        maxQueuedRequests,
        maxFrameLength,
        heartbeatInterval);
  }
}
