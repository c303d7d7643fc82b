package io.scyllaboot.driver.api.error;

/**
 * A connection could not be opened, or closed while requests were in flight on it. Requests that
 * fail this way may or may not have reached the node.
 */
public class ConnectionException extends DriverException {
  public ConnectionException(String message) {
    super(message);
  }

  public ConnectionException(String message, Throwable cause) {
    super(message, cause);
  }
}
