package io.scyllaboot.driver.api.error;

/**
 * A statement the driver refuses before sending it, because running it would leave the session in
 * an ill-defined state; the message says what to do instead. {@code USE keyspace} is one: it would
 * switch only the one connection it ran on.
 */
public class UnsupportedStatementException extends DriverException {
  public UnsupportedStatementException(String message) {
    super(message);
  }
}
