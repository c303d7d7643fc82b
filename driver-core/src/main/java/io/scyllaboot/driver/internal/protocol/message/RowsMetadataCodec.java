package io.scyllaboot.driver.internal.protocol.message;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.api.cql.ColumnDefinition;
import io.scyllaboot.driver.api.cql.ColumnDefinitions;
import io.scyllaboot.driver.api.type.DataType;
import io.scyllaboot.driver.internal.protocol.Primitives;

/** Reads the {@code <metadata>} of ROWS and PREPARED results (sections 4.2.5.2 and 4.2.5.4). */
final class RowsMetadataCodec {
  private RowsMetadataCodec() {}

  /** Reads a ROWS body, retaining a slice of it for the lazy page; the input is not released. */
  static RowsResult readRows(ByteBuf in, int protocolVersion) {
    return readRows(in, protocolVersion, protocolVersion >= 5);
  }

  /**
   * @param metadataIds whether METADATA_CHANGED and its new id may be on the wire
   */
  static RowsResult readRows(ByteBuf in, int protocolVersion, boolean metadataIds) {
    int flags = in.readInt();
    int columnCount = in.readInt();
    // Even without specs each row holds a 4-byte length per column: bound it by the body either
    // way.
    checkColumnCount(in, columnCount, (flags & RowsResult.NO_METADATA) != 0 ? 0 : 4);
    byte[] pagingState = (flags & RowsResult.HAS_MORE_PAGES) != 0 ? Primitives.readBytes(in) : null;
    byte[] newMetadataId =
        metadataIds && (flags & RowsResult.METADATA_CHANGED) != 0
            ? Primitives.readShortBytes(in)
            : null;
    int specsStart = in.readerIndex();
    if ((flags & RowsResult.NO_METADATA) == 0) {
      skipColumnSpecs(in, flags, columnCount);
    }
    int rowCount = in.readInt();
    // Every cell takes at least its 4-byte length: reject counts the body cannot hold before
    // anything is sized from them.
    if (columnCount < 0 || rowCount < 0 || (long) rowCount * columnCount * 4 > in.readableBytes()) {
      throw new IllegalArgumentException(
          "corrupt ROWS result: "
              + rowCount
              + " rows of "
              + columnCount
              + " columns cannot fit in "
              + in.readableBytes()
              + " bytes");
    }
    int rowsStart = in.readerIndex() - specsStart;
    // Located here, while decoding, so that a page whose cells do not end exactly where its body
    // does fails as the frame it came in, never as a value read from it later.
    int[] cellOffsets =
        indexCells(in, specsStart, in.readerIndex(), rowCount * columnCount, protocolVersion >= 5);
    in.readerIndex(specsStart);
    ByteBuf body = in.readRetainedSlice(in.readableBytes());
    return new RowsResult(
        body, flags, columnCount, rowCount, rowsStart, cellOffsets, pagingState, newMetadataId);
  }

  /**
   * The offset of each cell's {@code [int length]} from {@code base}, checking that every cell lies
   * inside the body and that the last one ends where the body does. A negative length is null,
   * except that v5 gives meaning to -1 alone (-2, "not set", belongs to requests).
   */
  private static int[] indexCells(
      ByteBuf in, int base, int rowsStart, int cells, boolean onlyMinusOneIsNull) {
    int[] offsets = new int[cells];
    int position = rowsStart;
    int end = in.writerIndex();
    for (int i = 0; i < cells; i++) {
      if (end - position < 4) {
        throw new IllegalArgumentException(
            "corrupt ROWS result: cell " + i + " starts past the end of the page");
      }
      offsets[i] = position - base;
      int length = in.getInt(position);
      position += 4;
      if (length > end - position) {
        throw new IllegalArgumentException(
            "corrupt ROWS result: cell of "
                + length
                + " bytes announced but "
                + (end - position)
                + " left in the page");
      }
      if (length < -1 && onlyMinusOneIsNull) {
        throw new IllegalArgumentException(
            "corrupt ROWS result: cell length " + length + " (only -1, null, is negative in v5)");
      }
      position += Math.max(length, 0);
    }
    if (position != end) {
      throw new IllegalArgumentException(
          "corrupt ROWS result: " + (end - position) + " bytes left after the last cell");
    }
    return offsets;
  }

  /**
   * Checks a column count from the wire against the bytes left: each column spec takes at least
   * {@code minSpecSize} bytes (a name and a type id).
   */
  private static void checkColumnCount(ByteBuf in, int columnCount, int minSpecSize) {
    if (columnCount < 0 || (long) columnCount * minSpecSize > in.readableBytes()) {
      throw new IllegalArgumentException(
          "column count "
              + columnCount
              + " cannot fit in the "
              + in.readableBytes()
              + " bytes left of the metadata");
    }
  }

  private static void skipColumnSpecs(ByteBuf in, int flags, int columnCount) {
    boolean global = (flags & RowsResult.GLOBAL_TABLES_SPEC) != 0;
    if (global && columnCount > 0) {
      Primitives.skipString(in);
      Primitives.skipString(in);
    }
    for (int i = 0; i < columnCount; i++) {
      if (!global) {
        Primitives.skipString(in);
        Primitives.skipString(in);
      }
      Primitives.skipString(in);
      DataTypeCodec.skip(in);
    }
  }

  /** Parses column specs that start at the reader index. */
  static ColumnDefinitions readColumnSpecs(ByteBuf in, int flags, int columnCount) {
    if (columnCount == 0) {
      return DefaultColumnDefinitions.EMPTY;
    }
    checkColumnCount(in, columnCount, 4);
    boolean global = (flags & RowsResult.GLOBAL_TABLES_SPEC) != 0;
    String keyspace = null;
    String table = null;
    if (global) {
      keyspace = Primitives.readString(in);
      table = Primitives.readString(in);
    }
    ColumnDefinition[] columns = new ColumnDefinition[columnCount];
    for (int i = 0; i < columnCount; i++) {
      if (!global) {
        keyspace = Primitives.readString(in);
        table = Primitives.readString(in);
      }
      String name = Primitives.readString(in);
      DataType type = DataTypeCodec.read(in);
      columns[i] = new ColumnDefinition(keyspace, table, name, type);
    }
    return new DefaultColumnDefinitions(columns);
  }

  /** Reads the bind-variable metadata of a PREPARED result, with its partition key indices. */
  static RowsMetadata readVariables(ByteBuf in, int protocolVersion) {
    int flags = in.readInt();
    int columnCount = in.readInt();
    int pkCount = in.readInt();
    if (pkCount < 0 || pkCount > columnCount || (long) pkCount * 2 > in.readableBytes()) {
      throw new IllegalArgumentException(
          "partition key count "
              + pkCount
              + " is not possible with "
              + columnCount
              + " variables and "
              + in.readableBytes()
              + " bytes left");
    }
    int[] pkIndices = new int[pkCount];
    for (int i = 0; i < pkCount; i++) {
      pkIndices[i] = in.readUnsignedShort();
    }
    return new RowsMetadata(readColumnSpecs(in, flags, columnCount), pkIndices, null, null, flags);
  }

  /** Reads the result metadata of a PREPARED result. */
  static RowsMetadata readResultMetadata(ByteBuf in, int protocolVersion) {
    int flags = in.readInt();
    int columnCount = in.readInt();
    byte[] pagingState = (flags & RowsResult.HAS_MORE_PAGES) != 0 ? Primitives.readBytes(in) : null;
    byte[] newMetadataId =
        protocolVersion >= 5 && (flags & RowsResult.METADATA_CHANGED) != 0
            ? Primitives.readShortBytes(in)
            : null;
    ColumnDefinitions columns =
        (flags & RowsResult.NO_METADATA) != 0
            ? DefaultColumnDefinitions.EMPTY
            : readColumnSpecs(in, flags, columnCount);
    return new RowsMetadata(columns, new int[0], pagingState, newMetadataId);
  }
}
