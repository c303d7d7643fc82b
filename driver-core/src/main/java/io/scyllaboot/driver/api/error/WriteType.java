package io.scyllaboot.driver.api.error;

/**
 * The kinds of write a write timeout or failure names ({@link WriteTimeoutException#writeType()},
 * {@link WriteFailureException#writeType()}), for a retry policy's {@code switch}: the DataStax
 * driver's {@code DefaultWriteType}.
 */
public enum WriteType {
  /** A single-partition write (not a batch, counter or CAS). */
  SIMPLE,
  /** A logged batch, after its batch log was written. */
  BATCH,
  /** An unlogged batch (a part of it may have been applied). */
  UNLOGGED_BATCH,
  /** A counter write (never replayed safely). */
  COUNTER,
  /** The batch log of a logged batch (the batch itself will be replayed). */
  BATCH_LOG,
  /** A lightweight transaction's Paxos phase. */
  CAS,
  /** A materialized view's update. */
  VIEW,
  /** A write to a table with CDC whose log is full. */
  CDC;

  /**
   * The constant of a write type as the server names it.
   *
   * @throws IllegalArgumentException for a name this driver does not know (a newer server's)
   */
  public static WriteType of(String serverName) {
    for (WriteType type : values()) {
      if (type.name().equals(serverName)) {
        return type;
      }
    }
    throw new IllegalArgumentException("unknown write type '" + serverName + "'");
  }
}
