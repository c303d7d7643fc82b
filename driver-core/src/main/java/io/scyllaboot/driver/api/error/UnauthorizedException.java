package io.scyllaboot.driver.api.error;

/** The logged-in role lacks a permission the statement needs (code 0x2100). */
public class UnauthorizedException extends ServerException {

  public UnauthorizedException(String serverMessage) {
    super(ErrorCodes.UNAUTHORIZED, serverMessage);
  }
}
