package io.scyllaboot.driver.api.error;

/** No response arrived within the request timeout. The request may still have been applied. */
public class DriverTimeoutException extends DriverException {
  public DriverTimeoutException(String message) {
    super(message);
  }
}
