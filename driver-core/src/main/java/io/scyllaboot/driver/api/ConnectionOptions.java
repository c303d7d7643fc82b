package io.scyllaboot.driver.api;

import io.scyllaboot.driver.api.auth.AuthProvider;
import java.time.Duration;
import java.util.Objects;
import javax.net.ssl.SSLContext;
import org.jspecify.annotations.Nullable;

/**
 * How a {@link CqlSessionBuilder}'s connections are opened and used (protocol, compression,
 * security, timeouts, heartbeats, stream ids, I/O threads): their defaults and their checks.
 */
final class ConnectionOptions {
  @Nullable ProtocolVersion protocolVersion; // null: negotiate
  Compression compression = Compression.NONE;
  @Nullable AuthProvider authProvider;
  @Nullable SSLContext sslContext;
  boolean hostnameVerification = true;
  Duration connectTimeout = Duration.ofSeconds(5);
  Duration initQueryTimeout = Duration.ofSeconds(5);
  Duration heartbeatInterval = Duration.ofSeconds(30);
  int maxRequestsPerConnection = 1024;
  int maxQueuedRequests = 16384;
  int ioThreads = Runtime.getRuntime().availableProcessors();
  boolean nativeTransport = true;

  void compression(Compression value) {
    Objects.requireNonNull(value, "compression");
    if (value == Compression.LZ4) {
      try {
        Class.forName(
            "net.jpountz.lz4.LZ4Factory", false, ConnectionOptions.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        throw new IllegalStateException(
            "LZ4 compression needs org.lz4:lz4-java on the class path; add it as a dependency", e);
      }
    }
    compression = value;
  }

  void connectTimeout(Duration value) {
    connectTimeout = requirePositive(value, "connect timeout");
  }

  void initQueryTimeout(Duration value) {
    initQueryTimeout = requirePositive(value, "init query timeout");
  }

  void heartbeatInterval(Duration interval) {
    Objects.requireNonNull(interval, "heartbeat interval");
    if (interval.isNegative()) {
      throw new IllegalArgumentException(
          "heartbeat interval must not be negative, was " + interval);
    }
    heartbeatInterval = interval;
  }

  void maxRequestsPerConnection(int requests) {
    if (requests < 1 || requests > 32767) {
      throw new IllegalArgumentException(
          "max requests per connection must be in [1, 32767], was " + requests);
    }
    maxRequestsPerConnection = requests;
  }

  void maxQueuedRequests(int requests) {
    if (requests < 0) {
      throw new IllegalArgumentException(
          "max queued requests must not be negative, was " + requests);
    }
    maxQueuedRequests = requests;
  }

  void ioThreads(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("I/O threads must be at least 1, was " + threads);
    }
    ioThreads = threads;
  }

  static Duration requirePositive(Duration duration, String what) {
    Objects.requireNonNull(duration, what);
    if (duration.isNegative() || duration.isZero()) {
      throw new IllegalArgumentException(what + " must be positive, was " + duration);
    }
    return duration;
  }
}
