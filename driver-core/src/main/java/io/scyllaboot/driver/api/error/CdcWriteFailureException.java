package io.scyllaboot.driver.api.error;

/** A write to a CDC-enabled table was refused (code 0x1600, protocol v5). */
public class CdcWriteFailureException extends ServerException {

  public CdcWriteFailureException(String serverMessage) {
    super(ErrorCodes.CDC_WRITE_FAILURE, serverMessage);
  }
}
