package io.scyllaboot.driver.internal.connection;

import io.scyllaboot.driver.api.error.ConnectionException;

/**
 * The node answered the first request of a connection with a protocol error: it does not speak the
 * version offered. While negotiating, the channel factory retries with the next lower version; with
 * a pinned version this is the connection's error.
 */
final class ProtocolVersionRefusedException extends ConnectionException {
  ProtocolVersionRefusedException(String message, Throwable cause) {
    super(message, cause);
  }
}
