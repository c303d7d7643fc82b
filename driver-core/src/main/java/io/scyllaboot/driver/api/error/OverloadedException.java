package io.scyllaboot.driver.api.error;

/** The node is overloaded and refused the request (code 0x1001). */
public class OverloadedException extends ServerException {

  public OverloadedException(String serverMessage) {
    super(ErrorCodes.OVERLOADED, serverMessage);
  }
}
