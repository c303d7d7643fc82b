package io.scyllaboot.driver.internal.protocol.message;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.scyllaboot.driver.api.cql.ColumnDefinitions;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The rows of a ROWS result copied once onto the heap, so that the network buffer can be released
 * at once and rows stay readable for as long as they are referenced, from any thread. Immutable:
 * the copy and the cell index are final fields (safely published with the object); the column specs
 * are parsed on first use into an immutable object, published through a volatile field.
 */
public final class HeapRows {
  // Big-endian reads straight from the copy: no ByteBuf bounds and reference-count checks per read
  // (the profile of round three showed them on the page's hot path); the array bounds still hold.
  private static final VarHandle INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
  private final byte[] copy;
  private final ByteBuf bytes;
  private final int specsLength;
  private final int flags;
  private final int columnCount;
  private final int rowCount;
  private final int[] cellOffsets;
  private volatile ColumnDefinitions columns;
  // A read-only view of the whole copy, made on the first large value read; values are slices.
  private volatile ByteBuffer readOnlyCopy;

  HeapRows(
      ByteBuf source,
      int flags,
      int columnCount,
      int rowCount,
      int rowsStart,
      int[] cellOffsets,
      ColumnDefinitions columns) {
    this.copy = new byte[source.readableBytes()];
    source.getBytes(source.readerIndex(), copy);
    this.bytes = Unpooled.wrappedBuffer(copy);
    this.specsLength = hasMetadata(flags) ? rowsStart - 4 : 0; // the row count follows the specs
    this.flags = flags;
    this.columnCount = columnCount;
    this.rowCount = rowCount;
    this.columns = columns;
    // Checked by the decoder to lie inside the page, never written again: shared, not copied.
    this.cellOffsets = cellOffsets;
  }

  /** The {@code [int length]} prefix at a cell's offset: negative for null, 0 for empty. */
  public int cellLength(int offset) {
    return (int) INT.get(copy, offset);
  }

  /** The 4-byte big-endian int at {@code index} (an int cell's value). */
  public int intAt(int index) {
    return (int) INT.get(copy, index);
  }

  /** The 8-byte big-endian long at {@code index} (a bigint cell's value). */
  public long longAt(int index) {
    return (long) LONG.get(copy, index);
  }

  public int columnCount() {
    return columnCount;
  }

  public int rowCount() {
    return rowCount;
  }

  /** Whether the response carried column specs (false when SKIP_METADATA was honoured). */
  public boolean hasMetadata() {
    return hasMetadata(flags);
  }

  private static boolean hasMetadata(int flags) {
    return (flags & RowsResult.NO_METADATA) == 0;
  }

  /** Whether the column specs sent with the rows are these bytes (see {@link #specBytes()}). */
  public boolean specsEqual(byte[] specs) {
    return Arrays.equals(copy, 0, specsLength, specs, 0, specs.length);
  }

  /** A copy of the raw column specs sent with the rows (empty when none). */
  public byte[] specBytes() {
    return Arrays.copyOf(copy, specsLength);
  }

  /** The column definitions sent with the rows, parsed once on first call; null if none. */
  public ColumnDefinitions columns() {
    ColumnDefinitions parsed = columns;
    if (parsed == null && hasMetadata()) {
      // Racing threads may both parse; either result is complete and equal.
      parsed =
          RowsMetadataCodec.readColumnSpecs(bytes.duplicate().readerIndex(0), flags, columnCount);
      columns = parsed;
    }
    return parsed;
  }

  /**
   * The buffer the cells are in, addressed with {@link #cellOffset}. Read it with absolute getters
   * only: it is shared by every row and thread.
   */
  public ByteBuf buffer() {
    return bytes;
  }

  /**
   * The index of the {@code [int length]} prefix of a cell. The value's bytes follow it; a negative
   * length is a null value.
   */
  public int cellOffset(int row, int column) {
    return cellOffsets[row * columnCount + column];
  }

  /**
   * A read-only buffer over the {@code length} bytes at {@code index} (a blob's value). A value
   * that is at least half the page is a view of the heap copy, so a large blob is not copied a
   * second time and keeps alive at most its own size again; a smaller one is copied, so that it
   * never keeps a large page alive. Read-only either way: the page is shared by every row and
   * thread.
   */
  public ByteBuffer readOnlyBytes(int index, int length) {
    if (2L * length >= copy.length) {
      ByteBuffer whole = readOnlyCopy;
      if (whole == null) { // racing threads may both make one; either is the same view
        whole = ByteBuffer.wrap(copy).asReadOnlyBuffer();
        readOnlyCopy = whole;
      }
      return whole.slice(index, length); // a slice of a read-only buffer is read-only
    }
    return ByteBuffer.wrap(Arrays.copyOfRange(copy, index, index + length)).asReadOnlyBuffer();
  }

  /**
   * Whether the first column sent with the rows is named {@code name} (ASCII), read straight from
   * the column specs without parsing them; false when there are no specs.
   */
  public boolean firstColumnIs(String name) {
    if (!hasMetadata() || columnCount == 0) {
      return false;
    }
    int position = 0;
    int tableSpecs = 2; // keyspace and table, globally or before the first column
    for (int i = 0; i < tableSpecs; i++) {
      position += 2 + bytes.getUnsignedShort(position);
    }
    int length = bytes.getUnsignedShort(position);
    if (length != name.length()) {
      return false;
    }
    for (int i = 0; i < length; i++) {
      if (bytes.getByte(position + 2 + i) != name.charAt(i)) {
        return false;
      }
    }
    return true;
  }
}
