package io.scyllaboot.driver.internal.protocol.message;

import io.scyllaboot.driver.api.cql.ColumnDefinitions;

/**
 * Metadata parsed from a PREPARED result (bind variables or result columns). {@code
 * partitionKeyIndices} is empty when the server sends none (result metadata, or a statement that
 * does not restrict the whole partition key). {@code flags} are the metadata flags as sent (bind
 * variables: ScyllaDB marks lightweight transactions there).
 */
public record RowsMetadata(
    ColumnDefinitions columns,
    int[] partitionKeyIndices,
    byte[] pagingState,
    byte[] newMetadataId,
    int flags) {

  public RowsMetadata(
      ColumnDefinitions columns,
      int[] partitionKeyIndices,
      byte[] pagingState,
      byte[] newMetadataId) {
    this(columns, partitionKeyIndices, pagingState, newMetadataId, 0);
  }

  public int columnCount() {
    return columns.size();
  }
}
