package io.scyllaboot.driver.internal.protocol.frame;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.TooLongFrameException;
import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.cql.ColumnDefinition;
import io.scyllaboot.driver.api.cql.ColumnDefinitions;
import io.scyllaboot.driver.api.error.AlreadyExistsException;
import io.scyllaboot.driver.api.error.ErrorCodes;
import io.scyllaboot.driver.api.error.ReadTimeoutException;
import io.scyllaboot.driver.api.error.ServerException;
import io.scyllaboot.driver.api.error.SyntaxErrorException;
import io.scyllaboot.driver.api.error.UnavailableException;
import io.scyllaboot.driver.api.error.UnpreparedException;
import io.scyllaboot.driver.api.error.WriteTimeoutException;
import io.scyllaboot.driver.api.type.DataType;
import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.message.Response;
import io.scyllaboot.driver.internal.protocol.message.Result;
import io.scyllaboot.driver.internal.protocol.message.RowsMetadata;
import io.scyllaboot.driver.internal.protocol.message.RowsResult;
import io.scyllaboot.driver.testing.ByteWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Decodes hand-built response frames through {@link FrameDecoder} in an embedded channel. */
class FrameDecoderTest {
  private static final int MAX_FRAME_LENGTH = 64 * 1024;

  // RESULT/Rows metadata flags (section 4.2.5.2).
  private static final int GLOBAL_TABLES_SPEC = 0x0001;
  private static final int HAS_MORE_PAGES = 0x0002;
  private static final int NO_METADATA = 0x0004;

  private EmbeddedChannel channel;

  @BeforeEach
  void createChannel() {
    channel = new EmbeddedChannel(new FrameDecoder(MAX_FRAME_LENGTH));
  }

  @AfterEach
  void closeChannel() {
    // Safety net for a failed assertion: tests themselves end with finish() or release what they
    // read.
    if (channel.isOpen()) {
      channel.finishAndReleaseAll();
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Simple messages

  @Test
  void should_decode_ready() {
    ResponseFrame frame = decodeResponse(frame(0, 1, Opcodes.READY, new ByteWriter()));

    assertThat(frame.streamId()).isEqualTo(1);
    assertThat(frame.message()).isSameAs(Response.Ready.INSTANCE);
    assertThat(frame.warnings()).isEmpty();
    assertThat(frame.tracingId()).isNull();
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_decode_supported_as_string_multimap() {
    ByteWriter body =
        new ByteWriter()
            .writeShort(2)
            .writeString("CQL_VERSION")
            .writeStringList(List.of("3.4.5"))
            .writeString("COMPRESSION")
            .writeStringList(List.of("lz4", "snappy"));

    ResponseFrame frame = decodeResponse(frame(0, 0, Opcodes.SUPPORTED, body));

    assertThat(frame.streamId()).isZero();
    assertThat(frame.message())
        .isEqualTo(
            new Response.Supported(
                Map.of("CQL_VERSION", List.of("3.4.5"), "COMPRESSION", List.of("lz4", "snappy"))));
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_decode_event_on_stream_minus_one() {
    ByteWriter body =
        new ByteWriter()
            .writeString("STATUS_CHANGE")
            .writeString("UP")
            .writeByte(4)
            .writeRaw(new byte[] {127, 0, 0, 2})
            .writeInt(9042);

    ResponseFrame frame = decodeResponse(frame(0, 0xFFFF, Opcodes.EVENT, body));

    assertThat(frame.streamId()).isEqualTo(FrameHeader.EVENT_STREAM_ID);
    assertThat(frame.message())
        .isEqualTo(
            new Response.Event(
                "STATUS_CHANGE", "UP", new InetSocketAddress(address(127, 0, 0, 2), 9042), null));
    assertThat(channel.finish()).isFalse();
  }

  // ---------------------------------------------------------------------------------------------
  // ERROR

  @Test
  void should_decode_syntax_error() {
    ByteWriter body = errorBody(ErrorCodes.SYNTAX_ERROR, "line 1:0 no viable alternative");

    ServerException error = decodeError(frame(0, 12, Opcodes.ERROR, body), 12);

    assertThat(error).isInstanceOf(SyntaxErrorException.class);
    assertThat(error.code()).isEqualTo(0x2000);
    assertThat(error.serverMessage()).isEqualTo("line 1:0 no viable alternative");
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_decode_unavailable_error_with_consistency_required_and_alive() {
    ByteWriter body =
        errorBody(ErrorCodes.UNAVAILABLE, "Cannot achieve consistency level QUORUM")
            .writeShort(ConsistencyLevel.QUORUM.code())
            .writeInt(2)
            .writeInt(1);

    ServerException error = decodeError(frame(0, 3, Opcodes.ERROR, body), 3);

    assertThat(error)
        .isInstanceOfSatisfying(
            UnavailableException.class,
            unavailable -> {
              assertThat(unavailable.code()).isEqualTo(0x1000);
              assertThat(unavailable.consistency()).isEqualTo(ConsistencyLevel.QUORUM);
              assertThat(unavailable.required()).isEqualTo(2);
              assertThat(unavailable.alive()).isEqualTo(1);
            });
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_decode_already_exists_error_with_keyspace_and_table() {
    ByteWriter body =
        errorBody(ErrorCodes.ALREADY_EXISTS, "Table ks.users already exists")
            .writeString("ks")
            .writeString("users");

    ServerException error = decodeError(frame(0, 4, Opcodes.ERROR, body), 4);

    assertThat(error)
        .isInstanceOfSatisfying(
            AlreadyExistsException.class,
            exists -> {
              assertThat(exists.code()).isEqualTo(0x2400);
              assertThat(exists.keyspace()).isEqualTo("ks");
              assertThat(exists.table()).isEqualTo("users");
            });
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_decode_unprepared_error_with_statement_id() {
    byte[] id = {(byte) 0xCA, (byte) 0xFE, 0x00, 0x01};
    ByteWriter body =
        errorBody(ErrorCodes.UNPREPARED, "Prepared query not found").writeShortBytes(id);

    ServerException error = decodeError(frame(0, 5, Opcodes.ERROR, body), 5);

    assertThat(error)
        .isInstanceOfSatisfying(
            UnpreparedException.class,
            unprepared -> {
              assertThat(unprepared.code()).isEqualTo(0x2500);
              assertThat(unprepared.id()).containsExactly(id);
              assertThat(unprepared.serverMessage()).startsWith("Prepared query not found");
              assertThat(unprepared.getMessage()).contains("cafe0001");
            });
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_decode_write_timeout_error_with_write_type() {
    ByteWriter body =
        errorBody(ErrorCodes.WRITE_TIMEOUT, "Operation timed out")
            .writeShort(ConsistencyLevel.LOCAL_QUORUM.code())
            .writeInt(1)
            .writeInt(2)
            .writeString("BATCH_LOG");

    ServerException error = decodeError(frame(0, 6, Opcodes.ERROR, body), 6);

    assertThat(error)
        .isInstanceOfSatisfying(
            WriteTimeoutException.class,
            timeout -> {
              assertThat(timeout.code()).isEqualTo(0x1100);
              assertThat(timeout.consistency()).isEqualTo(ConsistencyLevel.LOCAL_QUORUM);
              assertThat(timeout.received()).isEqualTo(1);
              assertThat(timeout.blockFor()).isEqualTo(2);
              assertThat(timeout.writeType()).isEqualTo("BATCH_LOG");
              assertThat(timeout.contentions()).isZero();
            });
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_decode_the_scylla_rate_limit_error() {
    ByteWriter body =
        errorBody(ErrorCodes.SCYLLA_RATE_LIMIT, "Per-partition rate limit reached")
            .writeByte(1)
            .writeByte(0);

    ServerException error = decodeError(frame(0, 8, Opcodes.ERROR, body), 8);

    assertThat(error)
        .isInstanceOfSatisfying(
            io.scyllaboot.driver.api.error.RateLimitReachedException.class,
            limited -> {
              assertThat(limited.code()).isEqualTo(0xF000);
              assertThat(limited.isWrite()).isTrue();
              assertThat(limited.rejectedByCoordinator()).isFalse();
            });
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_decode_a_custom_payload_into_read_only_buffers() {
    ByteWriter body =
        new ByteWriter()
            .writeShort(2)
            .writeString("tablets-routing-v1")
            .writeBytes(new byte[] {1, 2, 3})
            .writeString("empty")
            .writeBytes(new byte[0])
            .writeInt(1); // a VOID result

    ResponseFrame decoded = decodeResponse(frame(FrameHeader.FLAG_CUSTOM_PAYLOAD, 9, 0x08, body));

    assertThat(decoded.customPayload()).containsOnlyKeys("tablets-routing-v1", "empty");
    java.nio.ByteBuffer value = decoded.customPayload().get("tablets-routing-v1");
    assertThat(value.isReadOnly()).isTrue();
    assertThat(value.remaining()).isEqualTo(3);
    assertThat(decoded.customPayload().get("empty").remaining()).isZero();
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_decode_read_timeout_error_with_data_present() {
    ByteWriter body =
        errorBody(ErrorCodes.READ_TIMEOUT, "Operation timed out")
            .writeShort(ConsistencyLevel.ONE.code())
            .writeInt(0)
            .writeInt(1)
            .writeByte(1);

    ServerException error = decodeError(frame(0, 7, Opcodes.ERROR, body), 7);

    assertThat(error)
        .isInstanceOfSatisfying(
            ReadTimeoutException.class,
            timeout -> {
              assertThat(timeout.consistency()).isEqualTo(ConsistencyLevel.ONE);
              assertThat(timeout.received()).isZero();
              assertThat(timeout.blockFor()).isEqualTo(1);
            });
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_decode_unknown_error_code_as_generic_server_exception() {
    ByteWriter body = errorBody(0x7777, "something new");

    ServerException error = decodeError(frame(0, 8, Opcodes.ERROR, body), 8);

    assertThat(error.getClass()).isEqualTo(ServerException.class);
    assertThat(error.code()).isEqualTo(0x7777);
    assertThat(error.serverMessage()).isEqualTo("something new");
    assertThat(channel.finish()).isFalse();
  }

  // ---------------------------------------------------------------------------------------------
  // RESULT

  @Test
  void should_decode_void_result() {
    ResponseFrame frame =
        decodeResponse(frame(0, 21, Opcodes.RESULT, new ByteWriter().writeInt(Result.VOID)));

    assertThat(frame.streamId()).isEqualTo(21);
    assertThat(frame.message()).isSameAs(Result.Void.INSTANCE);
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_decode_set_keyspace_result() {
    ByteWriter body = new ByteWriter().writeInt(Result.SET_KEYSPACE).writeString("my_ks");

    ResponseFrame frame = decodeResponse(frame(0, 22, Opcodes.RESULT, body));

    assertThat(frame.streamId()).isEqualTo(22);
    assertThat(frame.message()).isEqualTo(new Result.SetKeyspace("my_ks"));
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_decode_table_schema_change_result() {
    ByteWriter body =
        new ByteWriter()
            .writeInt(Result.SCHEMA_CHANGE)
            .writeString("CREATED")
            .writeString("TABLE")
            .writeString("ks")
            .writeString("users");

    ResponseFrame frame = decodeResponse(frame(0, 23, Opcodes.RESULT, body));

    assertThat(frame.streamId()).isEqualTo(23);
    assertThat(frame.message())
        .isEqualTo(new Result.SchemaChange("CREATED", "TABLE", "ks", "users", List.of()));
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_decode_prepared_result_with_v4_layout() {
    byte[] id = {0x0A, 0x0B, 0x0C, 0x0D, 0x0E};
    ByteWriter body =
        new ByteWriter()
            .writeInt(Result.PREPARED)
            .writeShortBytes(id)
            // <variables metadata>: flags, columns_count, pk_count, pk_index, global table spec
            .writeInt(GLOBAL_TABLES_SPEC)
            .writeInt(2)
            .writeInt(1)
            .writeShort(1)
            .writeString("ks")
            .writeString("users")
            .writeString("name")
            .writeShort(PrimitiveType.TEXT.protocolId())
            .writeString("id")
            .writeShort(PrimitiveType.INT.protocolId())
            // <result metadata>: flags, columns_count, global table spec, col specs
            .writeInt(GLOBAL_TABLES_SPEC)
            .writeInt(3)
            .writeString("ks")
            .writeString("users")
            .writeString("id")
            .writeShort(PrimitiveType.INT.protocolId())
            .writeString("name")
            .writeShort(PrimitiveType.TEXT.protocolId())
            .writeString("tags")
            .writeShort(0x0022) // set<text>
            .writeShort(PrimitiveType.TEXT.protocolId());

    ResponseFrame frame = decodeResponse(frame(0, 24, Opcodes.RESULT, body));

    assertThat(frame.streamId()).isEqualTo(24);
    assertThat(frame.message()).isInstanceOf(Result.Prepared.class);
    Result.Prepared prepared = (Result.Prepared) frame.message();
    assertThat(prepared.id()).containsExactly(id);
    assertThat(prepared.resultMetadataId()).isNull();

    RowsMetadata variables = prepared.variables();
    assertThat(variables.partitionKeyIndices()).containsExactly(1);
    assertThat(variables.columnCount()).isEqualTo(2);
    assertThat(definitions(variables.columns()))
        .containsExactly(
            new ColumnDefinition("ks", "users", "name", PrimitiveType.TEXT),
            new ColumnDefinition("ks", "users", "id", PrimitiveType.INT));

    RowsMetadata resultMetadata = prepared.resultMetadata();
    assertThat(resultMetadata.partitionKeyIndices()).isEmpty();
    assertThat(resultMetadata.pagingState()).isNull();
    assertThat(definitions(resultMetadata.columns()))
        .containsExactly(
            new ColumnDefinition("ks", "users", "id", PrimitiveType.INT),
            new ColumnDefinition("ks", "users", "name", PrimitiveType.TEXT),
            new ColumnDefinition(
                "ks", "users", "tags", new DataType.SetType(PrimitiveType.TEXT, false)));
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_decode_prepared_result_without_result_metadata_when_no_metadata_flag_set() {
    ByteWriter body =
        new ByteWriter()
            .writeInt(Result.PREPARED)
            .writeShortBytes(new byte[] {1})
            .writeInt(0) // no global spec: each column carries its own keyspace and table
            .writeInt(1)
            .writeInt(0)
            .writeString("ks")
            .writeString("t")
            .writeString("v")
            .writeShort(PrimitiveType.BIGINT.protocolId())
            .writeInt(NO_METADATA)
            .writeInt(0);

    ResponseFrame frame = decodeResponse(frame(0, 25, Opcodes.RESULT, body));

    Result.Prepared prepared = (Result.Prepared) frame.message();
    assertThat(prepared.variables().partitionKeyIndices()).isEmpty();
    assertThat(definitions(prepared.variables().columns()))
        .containsExactly(new ColumnDefinition("ks", "t", "v", PrimitiveType.BIGINT));
    assertThat(prepared.resultMetadata().columnCount()).isZero();
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_decode_rows_result_with_global_table_spec_and_null_cell() {
    ByteWriter body =
        new ByteWriter()
            .writeInt(Result.ROWS)
            .writeInt(GLOBAL_TABLES_SPEC)
            .writeInt(2)
            .writeString("ks")
            .writeString("users")
            .writeString("id")
            .writeShort(PrimitiveType.INT.protocolId())
            .writeString("name")
            .writeShort(PrimitiveType.TEXT.protocolId())
            .writeInt(3)
            // row 0: 1, 'one'
            .writeBytes(new byte[] {0, 0, 0, 1})
            .writeBytes(utf8("one"))
            // row 1: 2, null
            .writeBytes(new byte[] {0, 0, 0, 2})
            .writeBytes(null)
            // row 2: -1, '' (empty, not null)
            .writeBytes(new byte[] {-1, -1, -1, -1})
            .writeBytes(new byte[0]);

    ResponseFrame frame = decodeResponse(frame(0, 31, Opcodes.RESULT, body));

    assertThat(frame.streamId()).isEqualTo(31);
    assertThat(frame.message()).isInstanceOf(RowsResult.class);
    RowsResult rows = (RowsResult) frame.message();
    try {
      assertThat(rows.hasMetadata()).isTrue();
      assertThat(rows.columnCount()).isEqualTo(2);
      assertThat(rows.rowCount()).isEqualTo(3);
      assertThat(rows.pagingState()).isNull();
      assertThat(rows.newMetadataId()).isNull();
      assertThat(definitions(rows.columns()))
          .containsExactly(
              new ColumnDefinition("ks", "users", "id", PrimitiveType.INT),
              new ColumnDefinition("ks", "users", "name", PrimitiveType.TEXT));
      assertThat(rows.columns().indexOf("NAME")).isEqualTo(1);

      assertThat(intCell(rows, 0, 0)).isEqualTo(1);
      assertThat(textCell(rows, 0, 1)).isEqualTo("one");
      assertThat(intCell(rows, 1, 0)).isEqualTo(2);
      assertThat(cellLength(rows, 1, 1)).isNegative();
      assertThat(textCell(rows, 1, 1)).isNull();
      assertThat(intCell(rows, 2, 0)).isEqualTo(-1);
      assertThat(cellLength(rows, 2, 1)).isZero();
      assertThat(textCell(rows, 2, 1)).isEmpty();
    } finally {
      rows.release();
    }
    assertThat(rows.isReleased()).isTrue();
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_decode_rows_result_without_column_specs_when_no_metadata_flag_set() {
    ByteWriter body =
        new ByteWriter()
            .writeInt(Result.ROWS)
            .writeInt(NO_METADATA)
            .writeInt(2)
            .writeInt(2)
            .writeBytes(new byte[] {0, 0, 0, 7})
            .writeBytes(utf8("seven"))
            .writeBytes(new byte[] {0, 0, 0, 8})
            .writeBytes(null);

    ResponseFrame frame = decodeResponse(frame(0, 32, Opcodes.RESULT, body));

    RowsResult rows = (RowsResult) frame.message();
    try {
      assertThat(rows.hasMetadata()).isFalse();
      assertThat(rows.columns()).isNull();
      assertThat(rows.columnCount()).isEqualTo(2);
      assertThat(rows.rowCount()).isEqualTo(2);
      assertThat(intCell(rows, 0, 0)).isEqualTo(7);
      assertThat(textCell(rows, 0, 1)).isEqualTo("seven");
      assertThat(intCell(rows, 1, 0)).isEqualTo(8);
      assertThat(textCell(rows, 1, 1)).isNull();
    } finally {
      rows.release();
    }
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_decode_rows_result_paging_state_and_per_column_table_specs() {
    byte[] pagingState = {0x11, 0x22, 0x33};
    ByteWriter body =
        new ByteWriter()
            .writeInt(Result.ROWS)
            .writeInt(HAS_MORE_PAGES)
            .writeInt(1)
            .writeBytes(pagingState)
            .writeString("ks1")
            .writeString("t1")
            .writeString("c")
            .writeShort(PrimitiveType.BIGINT.protocolId())
            .writeInt(1)
            .writeBytes(new byte[] {0, 0, 0, 0, 0, 0, 1, 0});

    ResponseFrame frame = decodeResponse(frame(0, 33, Opcodes.RESULT, body));

    RowsResult rows = (RowsResult) frame.message();
    try {
      assertThat(rows.pagingState()).containsExactly(pagingState);
      assertThat(definitions(rows.columns()))
          .containsExactly(new ColumnDefinition("ks1", "t1", "c", PrimitiveType.BIGINT));
      int offset = rows.cellOffset(0, 0);
      assertThat(rows.buffer().getInt(offset)).isEqualTo(8);
      assertThat(rows.buffer().getLong(offset + 4)).isEqualTo(256L);
    } finally {
      rows.release();
    }
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_decode_empty_rows_result() {
    ByteWriter body =
        new ByteWriter()
            .writeInt(Result.ROWS)
            .writeInt(GLOBAL_TABLES_SPEC)
            .writeInt(1)
            .writeString("ks")
            .writeString("t")
            .writeString("c")
            .writeShort(PrimitiveType.INT.protocolId())
            .writeInt(0);

    ResponseFrame frame = decodeResponse(frame(0, 34, Opcodes.RESULT, body));

    RowsResult rows = (RowsResult) frame.message();
    try {
      assertThat(rows.rowCount()).isZero();
      assertThat(rows.columns().size()).isEqualTo(1);
    } finally {
      rows.release();
    }
    assertThat(channel.finish()).isFalse();
  }

  // ---------------------------------------------------------------------------------------------
  // Framing

  @Test
  void should_produce_message_only_on_last_byte_when_fed_one_byte_at_a_time() {
    byte[] bytes =
        frame(
                0,
                41,
                Opcodes.RESULT,
                new ByteWriter().writeInt(Result.SET_KEYSPACE).writeString("ks"))
            .toByteArray();

    for (int i = 0; i < bytes.length - 1; i++) {
      assertThat(channel.writeInbound(singleByte(bytes[i])))
          .as("message produced after byte %d of %d", i + 1, bytes.length)
          .isFalse();
    }
    assertThat(channel.writeInbound(singleByte(bytes[bytes.length - 1]))).isTrue();

    ResponseFrame frame = channel.readInbound();
    assertThat(frame.streamId()).isEqualTo(41);
    assertThat(frame.message()).isEqualTo(new Result.SetKeyspace("ks"));
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_decode_two_frames_from_one_buffer() {
    ByteWriter both =
        new ByteWriter()
            .write(frame(0, 1, Opcodes.READY, new ByteWriter()))
            .write(
                frame(
                    0,
                    2,
                    Opcodes.RESULT,
                    new ByteWriter().writeInt(Result.SET_KEYSPACE).writeString("k")));

    assertThat(channel.writeInbound(both.toBuffer())).isTrue();

    ResponseFrame first = channel.readInbound();
    ResponseFrame second = channel.readInbound();
    assertThat(first.streamId()).isEqualTo(1);
    assertThat(first.message()).isSameAs(Response.Ready.INSTANCE);
    assertThat(second.streamId()).isEqualTo(2);
    assertThat(second.message()).isEqualTo(new Result.SetKeyspace("k"));
    assertThat(channel.finish()).isFalse();
  }

  @ParameterizedTest(name = "split after {0} bytes")
  @ValueSource(ints = {1, 4, 5, 8, 9, 10, 17, 25})
  void should_decode_frame_split_across_two_reads(int splitAt) {
    ByteWriter body = new ByteWriter().writeInt(Result.SCHEMA_CHANGE);
    body.writeString("DROPPED").writeString("KEYSPACE").writeString("gone");
    byte[] bytes = frame(0, 0x7FFF, Opcodes.RESULT, body).toByteArray();

    assertThat(channel.writeInbound(buffer(bytes, 0, splitAt))).isFalse();
    assertThat(channel.writeInbound(buffer(bytes, splitAt, bytes.length - splitAt))).isTrue();

    ResponseFrame frame = channel.readInbound();
    assertThat(frame.streamId()).isEqualTo(0x7FFF);
    assertThat(frame.message())
        .isEqualTo(new Result.SchemaChange("DROPPED", "KEYSPACE", "gone", "", List.of()));
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_decode_frame_completed_by_a_read_that_also_starts_the_next_one() {
    byte[] first = frame(0, 1, Opcodes.READY, new ByteWriter()).toByteArray();
    byte[] second = frame(0, 2, Opcodes.READY, new ByteWriter()).toByteArray();
    byte[] all = new ByteWriter().writeRaw(first).writeRaw(second).toByteArray();
    int split = first.length + 3;

    assertThat(channel.writeInbound(buffer(all, 0, first.length - 2))).isFalse();
    assertThat(channel.writeInbound(buffer(all, first.length - 2, split - first.length + 2)))
        .isTrue();
    assertThat(((ResponseFrame) channel.readInbound()).streamId()).isEqualTo(1);
    assertThat((Object) channel.readInbound()).isNull();

    assertThat(channel.writeInbound(buffer(all, split, all.length - split))).isTrue();
    assertThat(((ResponseFrame) channel.readInbound()).streamId()).isEqualTo(2);
    assertThat(channel.finish()).isFalse();
  }

  // ---------------------------------------------------------------------------------------------
  // Header flags

  @Test
  void should_read_warnings_before_body_when_warning_flag_set() {
    ByteWriter body =
        new ByteWriter()
            .writeStringList(List.of("Aggregation query used without partition key", "second"))
            .writeInt(Result.VOID);

    ResponseFrame frame = decodeResponse(frame(FrameHeader.FLAG_WARNING, 51, Opcodes.RESULT, body));

    assertThat(frame.streamId()).isEqualTo(51);
    assertThat(frame.warnings())
        .containsExactly("Aggregation query used without partition key", "second");
    assertThat(frame.tracingId()).isNull();
    assertThat(frame.message()).isSameAs(Result.Void.INSTANCE);
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_read_tracing_id_first_when_tracing_flag_set() {
    UUID tracingId = UUID.fromString("f3a1b2c4-1d2e-11ef-9a3b-0242ac120002");
    ByteWriter body =
        new ByteWriter().writeUuid(tracingId).writeInt(Result.SET_KEYSPACE).writeString("ks");

    ResponseFrame frame = decodeResponse(frame(FrameHeader.FLAG_TRACING, 52, Opcodes.RESULT, body));

    assertThat(frame.tracingId()).isEqualTo(tracingId);
    assertThat(frame.warnings()).isEmpty();
    assertThat(frame.message()).isEqualTo(new Result.SetKeyspace("ks"));
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_read_tracing_id_then_warnings_when_both_flags_set() {
    UUID tracingId = new UUID(0x0123456789ABCDEFL, 0xFEDCBA9876543210L);
    ByteWriter body =
        new ByteWriter()
            .writeUuid(tracingId)
            .writeStringList(List.of("careful"))
            .writeInt(Result.VOID);

    ResponseFrame frame =
        decodeResponse(
            frame(FrameHeader.FLAG_TRACING | FrameHeader.FLAG_WARNING, 53, Opcodes.RESULT, body));

    assertThat(frame.tracingId()).isEqualTo(tracingId);
    assertThat(frame.warnings()).containsExactly("careful");
    assertThat(frame.message()).isSameAs(Result.Void.INSTANCE);
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_skip_custom_payload_when_custom_payload_flag_set() {
    ByteWriter body =
        new ByteWriter()
            .writeShort(2)
            .writeString("key1")
            .writeBytes(new byte[] {1, 2, 3})
            .writeString("key2")
            .writeBytes(null)
            .writeInt(Result.SET_KEYSPACE)
            .writeString("after_payload");

    ResponseFrame frame =
        decodeResponse(frame(FrameHeader.FLAG_CUSTOM_PAYLOAD, 54, Opcodes.RESULT, body));

    assertThat(frame.message()).isEqualTo(new Result.SetKeyspace("after_payload"));
    assertThat(channel.finish()).isFalse();
  }

  // ---------------------------------------------------------------------------------------------
  // Failures

  @Test
  void should_fail_only_its_stream_and_keep_decoding_when_body_is_garbage() {
    ByteWriter garbage = new ByteWriter().writeInt(99).writeInt(0xDEADBEEF);
    ByteWriter good = new ByteWriter().writeInt(Result.VOID);

    assertThat(channel.writeInbound(frame(0, 77, Opcodes.RESULT, garbage).toBuffer())).isTrue();
    Object failure = channel.readInbound();
    assertThat(failure)
        .isInstanceOfSatisfying(
            DecodeFailure.class,
            f -> {
              assertThat(f.streamId()).isEqualTo(77);
              assertThat(f.opcode()).isEqualTo(Opcodes.RESULT);
              assertThat(f.cause())
                  .isInstanceOf(IllegalArgumentException.class)
                  .hasMessageContaining("99");
            });

    assertThat(channel.writeInbound(frame(0, 78, Opcodes.RESULT, good).toBuffer())).isTrue();
    ResponseFrame next = channel.readInbound();
    assertThat(next.streamId()).isEqualTo(78);
    assertThat(next.message()).isSameAs(Result.Void.INSTANCE);
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_not_read_past_its_own_frame_when_body_is_truncated() {
    // The [string] claims 200 bytes but the frame body ends after 2: the next frame's bytes must
    // not
    // be read as part of it.
    ByteWriter truncated =
        new ByteWriter()
            .writeInt(Result.SET_KEYSPACE)
            .writeShort(200)
            .writeRaw("ab".getBytes(StandardCharsets.US_ASCII));
    ByteWriter both =
        new ByteWriter()
            .write(frame(0, 80, Opcodes.RESULT, truncated))
            .write(frame(0, 81, Opcodes.READY, new ByteWriter()));

    assertThat(channel.writeInbound(both.toBuffer())).isTrue();

    DecodeFailure failure = channel.readInbound();
    assertThat(failure.streamId()).isEqualTo(80);
    assertThat(failure.cause())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("[string] of 200 bytes announced but 2 left in the frame");
    ResponseFrame next = channel.readInbound();
    assertThat(next.streamId()).isEqualTo(81);
    assertThat(next.message()).isSameAs(Response.Ready.INSTANCE);
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_report_decode_failure_when_compressed_flag_set_without_compression() {
    ByteWriter body = new ByteWriter().writeInt(Result.VOID);

    assertThat(
            channel.writeInbound(
                frame(FrameHeader.FLAG_COMPRESSED, 90, Opcodes.RESULT, body).toBuffer()))
        .isTrue();

    DecodeFailure failure = channel.readInbound();
    assertThat(failure.streamId()).isEqualTo(90);
    assertThat(failure.cause()).isInstanceOf(IllegalStateException.class);
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_report_decode_failure_for_unexpected_opcode() {
    ByteWriter body = new ByteWriter();

    assertThat(channel.writeInbound(frame(0, 91, Opcodes.QUERY, body).toBuffer())).isTrue();

    DecodeFailure failure = channel.readInbound();
    assertThat(failure.streamId()).isEqualTo(91);
    assertThat(failure.opcode()).isEqualTo(Opcodes.QUERY);
    assertThat(failure.cause()).hasMessageContaining("QUERY");
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_fail_connection_when_frame_is_a_request() {
    ByteWriter request =
        new ByteWriter()
            .writeByte(0x04)
            .writeByte(0)
            .writeShort(1)
            .writeByte(Opcodes.OPTIONS)
            .writeInt(0);

    assertThatThrownBy(() -> channel.writeInbound(request.toBuffer()))
        .isInstanceOf(CorruptedFrameException.class)
        .hasMessageContaining("0x4");
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_fail_connection_when_protocol_version_is_unsupported() {
    ByteWriter frame = frame(0x82, 0, 1, Opcodes.READY, new ByteWriter());

    assertThatThrownBy(() -> channel.writeInbound(frame.toBuffer()))
        .isInstanceOf(CorruptedFrameException.class)
        .hasMessageContaining("version 2");
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_fail_fast_when_body_length_exceeds_max_frame_length() {
    // Only the header arrives: the decoder must not wait for (or buffer) a megabyte body.
    ByteWriter header =
        new ByteWriter()
            .writeByte(0x84)
            .writeByte(0)
            .writeShort(1)
            .writeByte(Opcodes.RESULT)
            .writeInt(MAX_FRAME_LENGTH * 16);

    assertThatThrownBy(() -> channel.writeInbound(header.toBuffer()))
        .isInstanceOf(TooLongFrameException.class);
    assertThat(channel.finish()).isFalse();
  }

  @Test
  void should_decode_protocol_v5_prepared_result_with_result_metadata_id() {
    byte[] id = {1, 2};
    byte[] resultMetadataId = {3, 4, 5};
    ByteWriter body =
        new ByteWriter()
            .writeInt(Result.PREPARED)
            .writeShortBytes(id)
            .writeShortBytes(resultMetadataId)
            .writeInt(0)
            .writeInt(0)
            .writeInt(0)
            .writeInt(NO_METADATA)
            .writeInt(0);

    ResponseFrame frame = decodeResponse(frame(0x85, 0, 60, Opcodes.RESULT, body));

    Result.Prepared prepared = (Result.Prepared) frame.message();
    assertThat(prepared.id()).containsExactly(id);
    assertThat(prepared.resultMetadataId()).containsExactly(resultMetadataId);
    assertThat(prepared.variables().columnCount()).isZero();
    assertThat(channel.finish()).isFalse();
  }

  // ---------------------------------------------------------------------------------------------
  // Helpers

  /** A v4 response frame: version 0x84, flags, stream id, opcode, body length, body. */
  private static ByteWriter frame(int flags, int streamId, int opcode, ByteWriter body) {
    return frame(0x84, flags, streamId, opcode, body);
  }

  private static ByteWriter frame(
      int versionByte, int flags, int streamId, int opcode, ByteWriter body) {
    return new ByteWriter()
        .writeByte(versionByte)
        .writeByte(flags)
        .writeShort(streamId)
        .writeByte(opcode)
        .writeInt(body.size())
        .write(body);
  }

  private static ByteWriter errorBody(int code, String message) {
    return new ByteWriter().writeInt(code).writeString(message);
  }

  /** Writes one whole frame and returns the single message it decodes to. */
  private ResponseFrame decodeResponse(ByteWriter frame) {
    assertThat(channel.writeInbound(frame.toBuffer())).isTrue();
    Object decoded = channel.readInbound();
    assertThat((Object) channel.readInbound()).as("more than one message decoded").isNull();
    assertThat(decoded).isInstanceOf(ResponseFrame.class);
    return (ResponseFrame) decoded;
  }

  private ServerException decodeError(ByteWriter frame, int expectedStreamId) {
    ResponseFrame decoded = decodeResponse(frame);
    assertThat(decoded.streamId()).isEqualTo(expectedStreamId);
    assertThat(decoded.message()).isInstanceOf(Response.Error.class);
    return ((Response.Error) decoded.message()).exception();
  }

  private static List<ColumnDefinition> definitions(ColumnDefinitions columns) {
    assertThat(columns).isNotNull();
    return java.util.stream.StreamSupport.stream(columns.spliterator(), false).toList();
  }

  private static int cellLength(RowsResult rows, int row, int column) {
    return rows.buffer().getInt(rows.cellOffset(row, column));
  }

  private static int intCell(RowsResult rows, int row, int column) {
    assertThat(cellLength(rows, row, column)).isEqualTo(4);
    return rows.buffer().getInt(rows.cellOffset(row, column) + 4);
  }

  private static String textCell(RowsResult rows, int row, int column) {
    int offset = rows.cellOffset(row, column);
    int length = rows.buffer().getInt(offset);
    return length < 0 ? null : rows.buffer().toString(offset + 4, length, StandardCharsets.UTF_8);
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static ByteBuf singleByte(byte b) {
    return ByteBufAllocator.DEFAULT.buffer(1).writeByte(b);
  }

  private static ByteBuf buffer(byte[] bytes, int offset, int length) {
    return ByteBufAllocator.DEFAULT.buffer(length).writeBytes(bytes, offset, length);
  }

  private static InetAddress address(int a, int b, int c, int d) {
    try {
      return InetAddress.getByAddress(new byte[] {(byte) a, (byte) b, (byte) c, (byte) d});
    } catch (java.net.UnknownHostException e) {
      throw new AssertionError(e);
    }
  }
}
