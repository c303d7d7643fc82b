package io.scyllaboot.driver.internal.protocol.message;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.api.cql.ColumnDefinitions;

/**
 * A ROWS result that keeps its body as one retained slice and decodes little up front: the metadata
 * is only skipped over, column definitions are parsed on first request; each cell was located (and
 * checked to lie inside the page) by the decoder.
 *
 * <p><b>Ownership:</b> the slice belongs to whoever receives this result from the decoder. It is
 * released exactly once through {@link #release()}; the owner must call it. A result page copies
 * the rows to the heap ({@link #copyToHeap()}) and releases the slice at once. Not thread-safe.
 */
public final class RowsResult implements Result {
  static final int GLOBAL_TABLES_SPEC = 0x0001;
  static final int HAS_MORE_PAGES = 0x0002;
  static final int NO_METADATA = 0x0004;
  static final int METADATA_CHANGED = 0x0008;

  private final ByteBuf body;
  private final int flags;
  private final int columnCount;
  private final int rowCount;
  private final int rowsStart;
  private final byte[] pagingState;
  private final byte[] newMetadataId;
  private final int[] cellOffsets;
  private ColumnDefinitions columns;
  private boolean released;

  RowsResult(
      ByteBuf body,
      int flags,
      int columnCount,
      int rowCount,
      int rowsStart,
      int[] cellOffsets,
      byte[] pagingState,
      byte[] newMetadataId) {
    this.body = body;
    this.flags = flags;
    this.columnCount = columnCount;
    this.rowCount = rowCount;
    this.rowsStart = rowsStart;
    this.cellOffsets = cellOffsets;
    this.pagingState = pagingState;
    this.newMetadataId = newMetadataId;
  }

  /**
   * A copy of the rows on the heap, which the garbage collector reclaims and any thread may read.
   * This result is left as it is: its owner still releases it.
   */
  public HeapRows copyToHeap() {
    checkReadable();
    return new HeapRows(body, flags, columnCount, rowCount, rowsStart, cellOffsets, columns);
  }

  public int columnCount() {
    return columnCount;
  }

  public int rowCount() {
    return rowCount;
  }

  /** The server's paging state, or null on the last page. */
  public byte[] pagingState() {
    return pagingState;
  }

  /** Under v5, the new result metadata id when the server says the metadata changed; else null. */
  public byte[] newMetadataId() {
    return newMetadataId;
  }

  /** Whether the response carried column specs (false when SKIP_METADATA was honoured). */
  public boolean hasMetadata() {
    return (flags & NO_METADATA) == 0;
  }

  /** The column definitions sent with this page, parsed once on first call; null if none. */
  public ColumnDefinitions columns() {
    if (columns == null && hasMetadata()) {
      checkReadable();
      columns =
          RowsMetadataCodec.readColumnSpecs(body.duplicate().readerIndex(0), flags, columnCount);
    }
    return columns;
  }

  /** The page's buffer; cells are addressed with {@link #cellOffset}. */
  public ByteBuf buffer() {
    checkReadable();
    return body;
  }

  /**
   * The index of the {@code [int length]} prefix of a cell. The value's bytes follow it; a negative
   * length is a null value.
   */
  public int cellOffset(int row, int column) {
    checkReadable();
    return cellOffsets[row * columnCount + column];
  }

  public boolean isReleased() {
    return released;
  }

  /** Releases the slice; later calls do nothing. */
  public void release() {
    if (!released) {
      released = true;
      body.release();
    }
  }

  private void checkReadable() {
    if (released) {
      throw new IllegalStateException(
          "this ROWS result was already released (a result page reads its heap copy)");
    }
  }
}
