package io.scyllaboot.driver.api.error;

/** A TRUNCATE failed (code 0x1003). */
public class TruncateException extends ServerException {

  public TruncateException(String serverMessage) {
    super(ErrorCodes.TRUNCATE_ERROR, serverMessage);
  }
}
