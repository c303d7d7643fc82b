package io.scyllaboot.driver.api.error;

/**
 * The session's concurrency limit was reached and its queue of waiting requests was full: the
 * request was refused without being sent. Slow down, or raise the limits.
 */
public class RequestThrottledException extends DriverException {
  public RequestThrottledException(String message) {
    super(message);
  }
}
