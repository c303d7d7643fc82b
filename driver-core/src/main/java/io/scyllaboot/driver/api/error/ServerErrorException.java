package io.scyllaboot.driver.api.error;

/** The node failed with an unexpected error (code 0x0000). */
public class ServerErrorException extends ServerException {

  public ServerErrorException(String serverMessage) {
    super(ErrorCodes.SERVER_ERROR, serverMessage);
  }
}
