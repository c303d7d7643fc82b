package io.scyllaboot.driver.internal.cql;

import io.scyllaboot.driver.api.cql.BoundStatement;
import io.scyllaboot.driver.api.cql.ColumnDefinitions;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.StatementOptions;
import io.scyllaboot.driver.internal.protocol.codec.CodecRegistry;
import io.scyllaboot.driver.internal.protocol.codec.TypeCodec;
import io.scyllaboot.driver.internal.protocol.message.HeapRows;
import io.scyllaboot.driver.internal.protocol.message.Result;
import java.util.Map;

/**
 * A prepared statement: the server's id and metadata, and the codec of each bind marker resolved
 * once here, so that binding costs one {@code accepts} check per value. The result metadata may be
 * replaced when the server reports that it changed (v5); reads of it are racy but always see a
 * complete metadata object.
 */
public final class DefaultPreparedStatement implements PreparedStatement {
  private final String query;
  private final String keyspace;
  private final byte[] id;
  private final ColumnDefinitions variables;
  private final int[] partitionKeyIndices;
  private final TypeCodec<?>[] variableCodecs;
  private volatile ResultMetadata resultMetadata;
  private final boolean lwt;
  private final boolean nonIdempotentWrite;
  private final MappingCodecs mappingCodecs;
  private volatile SentColumns lastSentColumns;

  /** The result columns and, under v5, their id. */
  record ResultMetadata(byte[] id, ColumnDefinitions columns) {}

  /** The raw column specs last sent with this statement's rows, and what they parse to. */
  private record SentColumns(byte[] specs, ColumnDefinitions columns) {}

  public DefaultPreparedStatement(String query, String keyspace, Result.Prepared prepared) {
    this(query, keyspace, prepared, false, MappingCodecs.NONE);
  }

  /**
   * @param lwt whether the node marked the statement a lightweight transaction
   * @param mappingCodecs the session's codecs of application types, for values that do not fit
   */
  public DefaultPreparedStatement(
      String query,
      String keyspace,
      Result.Prepared prepared,
      boolean lwt,
      MappingCodecs mappingCodecs) {
    this.lwt = lwt;
    this.mappingCodecs = mappingCodecs;
    this.query = query;
    this.keyspace = keyspace;
    this.id = prepared.id();
    this.variables = prepared.variables().columns();
    this.partitionKeyIndices = prepared.variables().partitionKeyIndices();
    this.variableCodecs = new TypeCodec<?>[variables.size()];
    for (int i = 0; i < variableCodecs.length; i++) {
      variableCodecs[i] = CodecRegistry.DEFAULT.codecFor(variables.get(i).type());
    }
    this.resultMetadata =
        new ResultMetadata(prepared.resultMetadataId(), prepared.resultMetadata().columns());
    this.nonIdempotentWrite = lwt || bindsCounter(variables) || NonIdempotentWrites.inText(query);
  }

  private static boolean bindsCounter(ColumnDefinitions variables) {
    for (int i = 0; i < variables.size(); i++) {
      if (variables.get(i).type() == io.scyllaboot.driver.api.type.PrimitiveType.COUNTER) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the statement is a conditional (LWT) or self-updating (counter, append) write, which
   * idempotent-by-default must not cover: see {@link NonIdempotentWrites}.
   */
  public boolean isNonIdempotentWrite() {
    return nonIdempotentWrite;
  }

  /** The table of the bind variables, or null when there are none. */
  public String table() {
    return variables.size() == 0 ? null : variables.get(0).table();
  }

  @Override
  public boolean isLwt() {
    return lwt;
  }

  @Override
  public String query() {
    return query;
  }

  /** The keyspace the statement was prepared in (the session's), or null. */
  public String keyspace() {
    return keyspace;
  }

  public byte[] id() {
    return id;
  }

  public byte[] resultMetadataId() {
    return resultMetadata.id();
  }

  public int[] partitionKeyIndices() {
    return partitionKeyIndices;
  }

  @Override
  public ColumnDefinitions variables() {
    return variables;
  }

  @Override
  public ColumnDefinitions resultColumns() {
    return resultMetadata.columns();
  }

  /**
   * Whether EXECUTE may ask the server to skip result metadata: whenever we know the columns. Under
   * v5 a changed schema comes back as METADATA_CHANGED with the new columns (the request carries
   * the result metadata id). Under v4 there is no id, but Cassandra and ScyllaDB drop a table's
   * prepared statements when the table is altered, so the next EXECUTE is answered UNPREPARED and
   * preparing it again brings the new columns (as the Apache driver relies on; {@code
   * PreparedSchemaChangeIT} checks it for both versions). A response whose column count still
   * differs fails with an error naming the statement, never decodes through the wrong columns.
   */
  public boolean canSkipMetadata() {
    return resultMetadata.columns().size() > 0;
  }

  /** Under v4 (no result metadata id) the newest known columns decode rows sent without specs. */
  public boolean hasResultMetadataId() {
    return resultMetadata.id() != null;
  }

  /**
   * The columns sent with rows of this statement. Under v4 every response carries its specs; they
   * are parsed again only when their bytes differ from the last ones (a schema change), so that
   * unchanged specs cost a byte comparison instead of new strings and objects per page.
   */
  ColumnDefinitions sentColumns(HeapRows rows) {
    SentColumns last = lastSentColumns;
    if (last != null && rows.specsEqual(last.specs())) {
      return last.columns();
    }
    ColumnDefinitions parsed = rows.columns();
    lastSentColumns = new SentColumns(rows.specBytes(), parsed);
    return parsed;
  }

  /** Replaces the cached result metadata after the server reported a change. */
  public void updateResultMetadata(byte[] newId, ColumnDefinitions columns) {
    resultMetadata = new ResultMetadata(newId, columns);
  }

  @Override
  public BoundStatement bind(Object... values) {
    return new DefaultBoundStatement(
        this,
        Binder.bindPositional(query, variables, variableCodecs, mappingCodecs, values),
        StatementOptions.DEFAULTS);
  }

  @Override
  public BoundStatement bind(Map<String, ?> valuesByName) {
    return new DefaultBoundStatement(
        this,
        Binder.bindNamed(query, variables, variableCodecs, mappingCodecs, valuesByName),
        StatementOptions.DEFAULTS);
  }

  CodecValues set(CodecValues bound, int index, Object value) {
    return Binder.set(query, variables, variableCodecs, mappingCodecs, bound, index, value);
  }

  CodecValues set(CodecValues bound, String name, Object value) {
    return Binder.set(query, variables, variableCodecs, mappingCodecs, bound, name, value);
  }

  @Override
  public String toString() {
    return "PreparedStatement[" + query + "]";
  }
}
