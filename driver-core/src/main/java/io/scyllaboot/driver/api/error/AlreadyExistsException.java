package io.scyllaboot.driver.api.error;

/** A CREATE found the keyspace or table already there (code 0x2400). */
public class AlreadyExistsException extends ServerException {
  private final String keyspace;
  private final String table;

  public AlreadyExistsException(String message, String keyspace, String table) {
    super(ErrorCodes.ALREADY_EXISTS, message);
    this.keyspace = keyspace;
    this.table = table;
  }

  /** The keyspace that exists, or that holds the table that exists. */
  public String keyspace() {
    return keyspace;
  }

  /** The table that exists; empty when the keyspace itself exists. */
  public String table() {
    return table;
  }
}
