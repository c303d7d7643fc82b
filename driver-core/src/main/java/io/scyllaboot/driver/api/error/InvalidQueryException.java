package io.scyllaboot.driver.api.error;

/** The statement is syntactically valid but invalid, for example an unknown table (code 0x2200). */
public class InvalidQueryException extends ServerException {

  public InvalidQueryException(String serverMessage) {
    super(ErrorCodes.INVALID, serverMessage);
  }
}
