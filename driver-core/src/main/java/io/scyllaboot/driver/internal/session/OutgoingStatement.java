package io.scyllaboot.driver.internal.session;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.api.cql.ColumnDefinitions;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.internal.cql.DefaultBoundStatement;
import io.scyllaboot.driver.internal.cql.DefaultPreparedStatement;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.frame.FrameHeader;
import io.scyllaboot.driver.internal.protocol.message.Execute;
import io.scyllaboot.driver.internal.protocol.message.QueryOptions;
import io.scyllaboot.driver.internal.protocol.message.Request;
import org.jspecify.annotations.Nullable;

/**
 * What a request sends, encoded once so that every attempt and execution sends the same bytes (the
 * same timestamp, the same request id). A bound statement at the session's defaults needs no
 * request object of its own: the request itself is its EXECUTE, written from the shared parameters
 * and its values. Any other statement's request is built by {@link StatementRequests#encode}.
 */
abstract class OutgoingStatement extends RequestLifecycle implements Request {
  final Statement<?> statement;
  // What is sent: this object itself for a bound statement at the session's defaults, else the
  // statement's own request.
  final Request request;
  // This object as an EXECUTE: the shared parameters, and what is this request's own.
  private final @Nullable QueryOptions sharedOptions;
  private final byte @Nullable [] resultMetadataId;
  private final long timestamp;
  private final byte @Nullable [] payload; // its custom payload
  // The prepared result columns when the request asked the server to skip them, else null.
  final @Nullable ColumnDefinitions knownColumns;

  /**
   * A request's.
   *
   * @throws RuntimeException for values that cannot be sent (before anything is sent)
   */
  OutgoingStatement(DefaultCqlSession session, Statement<?> statement) {
    super(session, session.requests().timeoutNanos(statement));
    this.statement = statement;
    StatementRequests requests = session.requests();
    this.sharedOptions = requests.sharedOptions(statement);
    DefaultPreparedStatement prepared = StatementRequests.preparedOf(statement);
    if (sharedOptions != null) {
      this.resultMetadataId = prepared.resultMetadataId();
      this.timestamp = requests.timestamp(statement);
      this.payload = requests.policies().payload(statement);
      this.request = this;
      this.knownColumns = sharedOptions.skipMetadata() ? prepared.resultColumns() : null;
    } else {
      this.resultMetadataId = null;
      this.timestamp = QueryOptions.NO_TIMESTAMP;
      this.payload = null;
      this.request = requests.encode(statement);
      this.knownColumns = StatementRequests.knownColumns(request, prepared);
    }
  }

  /** A speculative execution's: the root's bytes, the same write should two executions apply it. */
  OutgoingStatement(OutgoingStatement root) {
    super(root);
    this.statement = root.statement;
    this.sharedOptions = root.sharedOptions;
    this.resultMetadataId = root.resultMetadataId;
    this.timestamp = root.timestamp;
    this.payload = root.payload; // the same request id
    this.request = root.request == root ? this : root.request;
    this.knownColumns = root.knownColumns;
  }

  @Override
  public int opcode() {
    return Opcodes.EXECUTE;
  }

  @Override
  public int headerFlags() {
    return payload == null ? 0 : FrameHeader.FLAG_CUSTOM_PAYLOAD;
  }

  @Override
  public int encodedSize(int protocolVersion) {
    return encodedSize(protocolVersion, false);
  }

  @Override
  public void encode(ByteBuf out, int protocolVersion) {
    encode(out, protocolVersion, false);
  }

  @Override
  public int encodedSize(int protocolVersion, boolean metadataIds) {
    return (payload == null ? 0 : payload.length)
        + Execute.encodedSize(
            protocolVersion,
            metadataIds,
            ((DefaultBoundStatement) statement).prepared().id(),
            resultMetadataId,
            sharedOptions,
            ((DefaultBoundStatement) statement).values(),
            timestamp);
  }

  @Override
  public void encode(ByteBuf out, int protocolVersion, boolean metadataIds) {
    if (payload != null) {
      out.writeBytes(payload);
    }
    Execute.encode(
        out,
        protocolVersion,
        metadataIds,
        ((DefaultBoundStatement) statement).prepared().id(),
        resultMetadataId,
        sharedOptions,
        ((DefaultBoundStatement) statement).values(),
        timestamp);
  }
}
