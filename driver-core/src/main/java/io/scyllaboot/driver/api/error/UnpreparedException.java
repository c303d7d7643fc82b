package io.scyllaboot.driver.api.error;

import java.util.HexFormat;

/**
 * The node does not know a prepared statement id (code 0x2500). The driver re-prepares and retries
 * once on its own; callers see this only when that also fails.
 */
public class UnpreparedException extends ServerException {
  private final byte[] id;

  public UnpreparedException(String message, byte[] id) {
    super(ErrorCodes.UNPREPARED, message);
    this.id = id.clone();
  }

  @Override
  public String getMessage() {
    return super.getMessage() + " [id " + HexFormat.of().formatHex(id) + "]";
  }

  /** The statement id the node did not know. */
  public byte[] id() {
    return id.clone();
  }
}
