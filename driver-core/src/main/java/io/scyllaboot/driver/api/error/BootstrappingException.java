package io.scyllaboot.driver.api.error;

/** The node is still bootstrapping and cannot serve the request (code 0x1002). */
public class BootstrappingException extends ServerException {

  public BootstrappingException(String serverMessage) {
    super(ErrorCodes.IS_BOOTSTRAPPING, serverMessage);
  }
}
