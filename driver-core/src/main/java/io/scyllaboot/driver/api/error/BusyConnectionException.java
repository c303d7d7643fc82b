package io.scyllaboot.driver.api.error;

/**
 * A connection had no free stream id and its queue of waiting requests was full, so the request was
 * refused without being sent.
 */
public class BusyConnectionException extends DriverException {
  public BusyConnectionException(String message) {
    super(message);
  }
}
