package io.scyllaboot.driver.api.error;

/** The root of every exception the driver throws or completes a future with. */
public class DriverException extends RuntimeException {

  public DriverException(String message) {
    super(message);
  }

  public DriverException(String message, Throwable cause) {
    super(message, cause);
  }
}
