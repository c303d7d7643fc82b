package io.scyllaboot.driver.internal.protocol.message;

import java.util.List;

/** RESULT messages, by kind (section 4.2.5). */
public sealed interface Result extends Response
    permits Result.Void, Result.SetKeyspace, Result.Prepared, Result.SchemaChange, RowsResult {

  int VOID = 0x0001;
  int ROWS = 0x0002;
  int SET_KEYSPACE = 0x0003;
  int PREPARED = 0x0004;
  int SCHEMA_CHANGE = 0x0005;

  /** A result with nothing in it: INSERT, UPDATE, DELETE, most writes. */
  enum Void implements Result {
    INSTANCE
  }

  /** The answer to {@code USE keyspace}. */
  record SetKeyspace(String keyspace) implements Result {}

  /**
   * The answer to PREPARE: the statement id, under v5 its result metadata id, the bind variables
   * (with the partition key indices) and the metadata of the rows it returns.
   */
  record Prepared(
      byte[] id, byte[] resultMetadataId, RowsMetadata variables, RowsMetadata resultMetadata)
      implements Result {}

  /**
   * A schema change: {@code changeType} CREATED, UPDATED or DROPPED; {@code target} KEYSPACE,
   * TABLE, TYPE, FUNCTION or AGGREGATE; {@code name} empty for a keyspace.
   */
  record SchemaChange(
      String changeType, String target, String keyspace, String name, List<String> arguments)
      implements Result {}
}
