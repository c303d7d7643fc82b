package io.scyllaboot.driver.api.error;

/** The statement is not valid CQL syntax (code 0x2000). */
public class SyntaxErrorException extends ServerException {

  public SyntaxErrorException(String serverMessage) {
    super(ErrorCodes.SYNTAX_ERROR, serverMessage);
  }
}
