package io.scyllaboot.driver.api.error;

/**
 * A response from a node did not parse exactly as the answer its request expects: a frame whose
 * body cannot be decoded, a response of the wrong kind (READY answering a QUERY, say), a cell that
 * runs past its page, a collection whose element count disagrees with its bytes. The driver never
 * makes a value up from such a response: the request fails with this error and the connection it
 * came on is closed, since nothing read after it can be trusted. Reading a malformed cell value
 * from a row throws it too.
 */
public class FrameDecodingException extends DriverException {
  public FrameDecodingException(String message) {
    super(message);
  }

  public FrameDecodingException(String message, Throwable cause) {
    super(message, cause);
  }
}
