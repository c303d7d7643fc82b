package io.scyllaboot.driver.api.error;

/** The node could not understand a request: a driver or version mismatch (code 0x000A). */
public class ProtocolErrorException extends ServerException {

  public ProtocolErrorException(String serverMessage) {
    super(ErrorCodes.PROTOCOL_ERROR, serverMessage);
  }
}
