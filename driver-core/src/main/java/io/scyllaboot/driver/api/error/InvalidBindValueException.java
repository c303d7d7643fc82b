package io.scyllaboot.driver.api.error;

/**
 * A value given for a bind marker cannot be encoded as the marker's CQL type, or the values do not
 * match the markers (wrong count, unknown name). Thrown before anything is sent; the connection is
 * unaffected.
 */
public class InvalidBindValueException extends DriverException {
  public InvalidBindValueException(String message) {
    super(message);
  }

  public InvalidBindValueException(String message, Throwable cause) {
    super(message, cause);
  }
}
