package io.scyllaboot.driver.api.error;

/** A response frame could not be decoded; only the request on that stream fails. */
public class FrameDecodingException extends DriverException {
  public FrameDecodingException(String message, Throwable cause) {
    super(message, cause);
  }
}
