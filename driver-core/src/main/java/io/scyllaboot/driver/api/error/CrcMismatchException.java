package io.scyllaboot.driver.api.error;

/**
 * A protocol v5 segment arrived with a header CRC24 or payload CRC32 that does not match its bytes:
 * the data was corrupted on the way. The connection cannot trust anything after that point, so it
 * closes and every request in flight on it fails with this exception; such requests may or may not
 * have been executed by the node.
 */
public class CrcMismatchException extends ConnectionException {
  public CrcMismatchException(String message) {
    super(message);
  }
}
