package io.scyllaboot.driver.api.error;

/**
 * A request failed before any of it was written to the connection (the connection was closing, or
 * closed while the request waited for a stream id). The node never saw it, so the driver moves it
 * to the next node whether or not the statement is idempotent.
 */
public class RequestNotSentException extends ConnectionException {
  public RequestNotSentException(String message) {
    super(message);
  }

  public RequestNotSentException(String message, Throwable cause) {
    super(message, cause);
  }
}
