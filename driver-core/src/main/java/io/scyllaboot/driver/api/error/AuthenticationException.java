package io.scyllaboot.driver.api.error;

/** The credentials were refused (code 0x0100). */
public class AuthenticationException extends ServerException {

  public AuthenticationException(String serverMessage) {
    super(ErrorCodes.AUTHENTICATION_ERROR, serverMessage);
  }
}
