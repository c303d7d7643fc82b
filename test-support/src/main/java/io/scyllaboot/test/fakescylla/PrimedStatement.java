package io.scyllaboot.test.fakescylla;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.scyllaboot.driver.internal.protocol.Primitives;
import io.scyllaboot.driver.internal.protocol.message.DataTypeCodec;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A statement primed on the cluster, with its answers encoded once: the PREPARED body depends on
 * the connection's extensions and is written on demand (rare); the ROWS bodies are kept as bytes.
 */
final class PrimedStatement {
  private static final Pattern TABLE =
      Pattern.compile(
          "(?i)\\b(?:INTO|FROM|UPDATE)\\s+(?:(\"?)(\\w+)\\1\\s*\\.\\s*)?(\"?)(\\w+)\\3");

  final String query;
  final byte[] id;
  final Long key; // of the id, boxed once: looked up on every EXECUTE
  final String keyspace;
  final String table;
  final List<Column> variables;
  final int[] pkIndices;
  final List<Column> result;
  final List<List<Object>> rows;
  final byte[] resultMetadataId;
  final boolean conditional;
  final boolean write;
  private final byte[] rowsWithMetadata;
  private final byte[] rowsWithoutMetadata;

  PrimedStatement(
      ByteBufAllocator alloc,
      String query,
      List<Column> variables,
      int[] pkIndices,
      List<Column> result,
      List<List<Object>> rows) {
    this.query = query;
    this.id = Wire.md5(query);
    this.key = key(id);
    Matcher matcher = TABLE.matcher(query);
    if (matcher.find()) {
      this.keyspace =
          matcher.group(2) == null ? "ks" : identifier(matcher.group(2), matcher.group(1));
      this.table = identifier(matcher.group(4), matcher.group(3));
    } else {
      this.keyspace = "ks";
      this.table = "tbl";
    }
    this.variables = List.copyOf(variables);
    this.pkIndices = pkIndices.clone();
    for (int index : pkIndices) {
      if (index < 0 || index >= variables.size()) {
        throw new IllegalArgumentException(
            "partition key index " + index + " out of " + variables.size() + " variables");
      }
    }
    this.result = List.copyOf(result);
    StringBuilder description = new StringBuilder();
    result.forEach(
        c -> description.append(c.name()).append(' ').append(c.type().asCql()).append(','));
    this.resultMetadataId = Wire.md5(description.toString());
    String upper = query.toUpperCase(Locale.ROOT);
    this.conditional = upper.contains(" IF ");
    String verb = upper.stripLeading();
    this.write =
        verb.startsWith("INSERT") || verb.startsWith("UPDATE") || verb.startsWith("DELETE");
    if (result.isEmpty()) {
      rowsWithMetadata = Wire.bytes(alloc, out -> out.writeInt(1)); // VOID
      rowsWithoutMetadata = rowsWithMetadata;
    } else {
      rowsWithMetadata = Wire.bytes(alloc, out -> rows(out, rows, false, null));
      rowsWithoutMetadata = Wire.bytes(alloc, out -> rows(out, rows, true, null));
    }
    this.rows = List.copyOf(rows);
  }

  private static String identifier(String name, String quote) {
    return quote.isEmpty() ? name.toLowerCase(Locale.ROOT) : name;
  }

  /** The first 8 bytes of the id: the key of the cluster's prepared map. */
  static long key(byte[] id) {
    long key = 0;
    for (int i = 0; i < Math.min(8, id.length); i++) {
      key = (key << 8) | (id[i] & 0xFF);
    }
    return key;
  }

  /** {@link #key(byte[])} of the id at {@code buf[at, at + length)}, read in place. */
  static long key(ByteBuf buf, int at, int length) {
    if (length >= 8) {
      return buf.getLong(at);
    }
    long key = 0;
    for (int i = 0; i < length; i++) {
      key = (key << 8) | buf.getUnsignedByte(at + i);
    }
    return key;
  }

  /** Whether the id at {@code buf[at, at + length)} is this statement's. */
  boolean hasId(ByteBuf buf, int at, int length) {
    if (length != id.length) {
      return false;
    }
    for (int i = 0; i < length; i++) {
      if (buf.getByte(at + i) != id[i]) {
        return false;
      }
    }
    return true;
  }

  private void rows(ByteBuf out, List<List<Object>> values, boolean noMetadata, byte[] newId) {
    out.writeInt(Wire.ROWS);
    Wire.metadata(out, keyspace, table, result, noMetadata, newId);
    Wire.rowCells(out, result, values);
  }

  /**
   * PREPARED, v4 layout; with {@code metadataId} the result metadata id follows the id (v5 layout,
   * extension SCYLLA_USE_METADATA_ID); with {@code lwtMark} a conditional statement's bind-variable
   * flags carry the LWT bit (extension SCYLLA_LWT_ADD_METADATA_MARK).
   */
  void writePrepared(ByteBuf out, boolean lwtMark, boolean metadataId) {
    out.writeInt(4);
    Primitives.writeShortBytes(out, id);
    if (metadataId) {
      Primitives.writeShortBytes(out, resultMetadataId);
    }
    int flags = variables.isEmpty() ? 0 : Wire.META_GLOBAL_TABLES_SPEC;
    if (lwtMark && conditional) {
      flags |= Wire.LWT_MARK;
    }
    out.writeInt(flags).writeInt(variables.size()).writeInt(pkIndices.length);
    for (int index : pkIndices) {
      out.writeShort(index);
    }
    if (!variables.isEmpty()) {
      Primitives.writeString(out, keyspace);
      Primitives.writeString(out, table);
      for (Column column : variables) {
        Primitives.writeString(out, column.name());
        DataTypeCodec.write(out, column.type());
      }
    }
    if (result.isEmpty()) {
      out.writeInt(Wire.META_NO_METADATA).writeInt(0); // as Cassandra for a write
    } else {
      Wire.metadata(out, keyspace, table, result, false, null);
    }
  }

  /**
   * The RESULT body: VOID for a statement without result columns, else ROWS; without metadata when
   * the client asked to skip it, unless its metadata id (when it sends one) is stale.
   */
  void writeResult(ByteBuf out, boolean skipMetadata, byte[] clientMetadataId) {
    if (result.isEmpty()) {
      out.writeBytes(rowsWithMetadata);
    } else if (clientMetadataId != null
        && !java.util.Arrays.equals(clientMetadataId, resultMetadataId)) {
      rows(out, rows, false, resultMetadataId);
    } else {
      out.writeBytes(skipMetadata ? rowsWithoutMetadata : rowsWithMetadata);
    }
  }
}
