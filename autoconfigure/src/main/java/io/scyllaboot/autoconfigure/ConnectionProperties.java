package io.scyllaboot.autoconfigure;

import java.time.Duration;

/** {@code scylla.connection.*}: opening connections. */
public class ConnectionProperties {
  /** Timeout of the TCP connect. */
  private Duration connectTimeout = Duration.ofSeconds(5);

  /** Timeout of each request of a connection's handshake. */
  private Duration initQueryTimeout = Duration.ofSeconds(5);

  public Duration getConnectTimeout() {
    return connectTimeout;
  }

  public void setConnectTimeout(Duration connectTimeout) {
    ScyllaProperties.requirePositive(connectTimeout);
    this.connectTimeout = connectTimeout;
  }

  public Duration getInitQueryTimeout() {
    return initQueryTimeout;
  }

  public void setInitQueryTimeout(Duration initQueryTimeout) {
    ScyllaProperties.requirePositive(initQueryTimeout);
    this.initQueryTimeout = initQueryTimeout;
  }
}
