package io.scyllaboot.driver.internal.protocol.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.frame.FrameHeader;
import io.scyllaboot.driver.internal.protocol.frame.RequestFrames;
import io.scyllaboot.driver.testing.ByteWriter;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Encodes every request of this slice with {@link RequestFrames} and compares the whole frame with
 * bytes written by hand from the protocol specification (sections 2 and 4.1).
 */
class RequestEncodingTest {
  private static final int ONE = ConsistencyLevel.ONE.code();
  private static final int QUORUM = ConsistencyLevel.QUORUM.code();
  private static final int LOCAL_QUORUM = ConsistencyLevel.LOCAL_QUORUM.code();
  private static final int SERIAL = ConsistencyLevel.SERIAL.code();
  private static final int LOCAL_SERIAL = ConsistencyLevel.LOCAL_SERIAL.code();

  private static final byte[] INT_42 = {0, 0, 0, 42};
  private static final byte[] TEXT_ABC = {'a', 'b', 'c'};

  // ---------------------------------------------------------------------------------------------
  // OPTIONS, STARTUP, REGISTER

  @Test
  void should_encode_options_as_header_only() {
    assertEncodes(4, Options.INSTANCE, Opcodes.OPTIONS, new ByteWriter());
  }

  @Test
  void should_encode_startup_options_as_string_map() {
    Startup startup = new Startup(Map.of("CQL_VERSION", "3.0.0"));

    assertEncodes(
        4,
        startup,
        Opcodes.STARTUP,
        new ByteWriter().writeShort(1).writeString("CQL_VERSION").writeString("3.0.0"));
  }

  @Test
  void should_encode_every_startup_option_in_the_map_iteration_order() {
    Startup startup =
        new Startup(
            Map.of("CQL_VERSION", "3.0.0", "DRIVER_NAME", "Scylla Boot", "DRIVER_VERSION", "é"));
    ByteWriter body = new ByteWriter().writeShort(3);
    // The map is unordered: the protocol does not care, so follow the order the request iterates.
    startup.options().forEach((key, value) -> body.writeString(key).writeString(value));

    assertEncodes(4, startup, Opcodes.STARTUP, body);
  }

  @Test
  void should_encode_register_as_string_list() {
    Register register = new Register(List.of("TOPOLOGY_CHANGE", "STATUS_CHANGE", "SCHEMA_CHANGE"));

    assertEncodes(
        4,
        register,
        Opcodes.REGISTER,
        new ByteWriter()
            .writeShort(3)
            .writeString("TOPOLOGY_CHANGE")
            .writeString("STATUS_CHANGE")
            .writeString("SCHEMA_CHANGE"));
  }

  // ---------------------------------------------------------------------------------------------
  // QUERY

  @Test
  void should_encode_query_without_values() {
    Query query = new Query("SELECT * FROM system.local", options(ONE, null));

    assertEncodes(
        4,
        query,
        Opcodes.QUERY,
        new ByteWriter()
            .writeLongString("SELECT * FROM system.local")
            .writeShort(ONE)
            .writeByte(0x00));
  }

  @Test
  void should_encode_query_with_values_including_null() {
    Values values = new RawValues(INT_42, null, TEXT_ABC);
    Query query = new Query("INSERT INTO t (a, b, c) VALUES (?, ?, ?)", options(QUORUM, values));

    assertEncodes(
        4,
        query,
        Opcodes.QUERY,
        new ByteWriter()
            .writeLongString("INSERT INTO t (a, b, c) VALUES (?, ?, ?)")
            .writeShort(QUORUM)
            .writeByte(0x01)
            .writeShort(3)
            .writeBytes(INT_42)
            .writeInt(-1)
            .writeBytes(TEXT_ABC));
  }

  @Test
  void should_not_set_values_flag_when_values_are_empty() {
    Query query = new Query("SELECT now() FROM system.local", options(ONE, new RawValues()));

    assertEncodes(
        4,
        query,
        Opcodes.QUERY,
        new ByteWriter()
            .writeLongString("SELECT now() FROM system.local")
            .writeShort(ONE)
            .writeByte(0x00));
  }

  @Test
  void should_encode_query_with_page_size() {
    QueryOptions options =
        new QueryOptions(ONE, null, false, 5000, null, -1, QueryOptions.NO_TIMESTAMP, null);

    assertEncodes(
        4,
        new Query("SELECT * FROM t", options),
        Opcodes.QUERY,
        new ByteWriter()
            .writeLongString("SELECT * FROM t")
            .writeShort(ONE)
            .writeByte(0x04)
            .writeInt(5000));
  }

  @Test
  void should_encode_query_with_every_v4_parameter_in_specification_order() {
    byte[] pagingState = {1, 2, 3, 4, 5};
    QueryOptions options =
        new QueryOptions(
            LOCAL_QUORUM,
            new RawValues(INT_42),
            true,
            100,
            pagingState,
            LOCAL_SERIAL,
            1_700_000_000_000_000L,
            "ignored_under_v4");

    assertEncodes(
        4,
        new Query("SELECT * FROM t WHERE k = ?", options),
        Opcodes.QUERY,
        new ByteWriter()
            .writeLongString("SELECT * FROM t WHERE k = ?")
            .writeShort(LOCAL_QUORUM)
            // values | skip metadata | page size | paging state | serial consistency | timestamp;
            // no keyspace flag: v4 has none.
            .writeByte(0x3F)
            .writeShort(1)
            .writeBytes(INT_42)
            .writeInt(100)
            .writeBytes(pagingState)
            .writeShort(LOCAL_SERIAL)
            .writeLong(1_700_000_000_000_000L));
  }

  @Test
  void should_encode_query_with_paging_state_serial_consistency_and_skip_metadata_only() {
    byte[] pagingState = {(byte) 0xFF, 0};
    QueryOptions options =
        new QueryOptions(ONE, null, true, 0, pagingState, SERIAL, QueryOptions.NO_TIMESTAMP, null);

    assertEncodes(
        4,
        new Query("q", options),
        Opcodes.QUERY,
        new ByteWriter()
            .writeLongString("q")
            .writeShort(ONE)
            .writeByte(0x02 | 0x08 | 0x10)
            .writeBytes(pagingState)
            .writeShort(SERIAL));
  }

  @Test
  void should_encode_query_string_as_utf8_with_its_byte_length() {
    String cql = "SELECT * FROM t WHERE name = 'héllo 😀 世界'";

    assertEncodes(
        4,
        new Query(cql, options(ONE, null)),
        Opcodes.QUERY,
        new ByteWriter().writeLongString(cql).writeShort(ONE).writeByte(0));
  }

  @Test
  void should_encode_query_flags_as_int_and_keyspace_under_v5() {
    QueryOptions options =
        new QueryOptions(
            QUORUM,
            new RawValues(TEXT_ABC),
            false,
            10,
            null,
            -1,
            QueryOptions.NO_TIMESTAMP,
            "my_ks");

    assertEncodes(
        5,
        new Query("SELECT * FROM t WHERE k = ?", options),
        Opcodes.QUERY,
        new ByteWriter()
            .writeLongString("SELECT * FROM t WHERE k = ?")
            .writeShort(QUORUM)
            .writeInt(0x01 | 0x04 | 0x80)
            .writeShort(1)
            .writeBytes(TEXT_ABC)
            .writeInt(10)
            .writeString("my_ks"));
  }

  @Test
  void should_encode_query_without_flags_as_int_zero_under_v5() {
    assertEncodes(
        5,
        new Query("q", options(ONE, null)),
        Opcodes.QUERY,
        new ByteWriter().writeLongString("q").writeShort(ONE).writeInt(0));
  }

  // ---------------------------------------------------------------------------------------------
  // PREPARE

  @Test
  void should_encode_prepare_as_long_string_under_v4() {
    Prepare prepare = new Prepare("SELECT * FROM t WHERE k = ?", "ignored_under_v4");

    assertEncodes(
        4,
        prepare,
        Opcodes.PREPARE,
        new ByteWriter().writeLongString("SELECT * FROM t WHERE k = ?"));
  }

  @Test
  void should_encode_prepare_flags_as_int_under_v5() {
    assertEncodes(
        5,
        new Prepare("SELECT 1", null),
        Opcodes.PREPARE,
        new ByteWriter().writeLongString("SELECT 1").writeInt(0));
  }

  @Test
  void should_encode_prepare_keyspace_under_v5() {
    assertEncodes(
        5,
        new Prepare("SELECT 1", "ks"),
        Opcodes.PREPARE,
        new ByteWriter().writeLongString("SELECT 1").writeInt(0x01).writeString("ks"));
  }

  // ---------------------------------------------------------------------------------------------
  // EXECUTE

  @Test
  void should_encode_execute_under_v4() {
    byte[] id = {(byte) 0xAB, (byte) 0xCD, 0x01};
    QueryOptions options =
        new QueryOptions(
            ONE,
            new RawValues(INT_42, TEXT_ABC),
            true,
            5000,
            null,
            -1,
            QueryOptions.NO_TIMESTAMP,
            null);

    assertEncodes(
        4,
        new Execute(id, null, options),
        Opcodes.EXECUTE,
        new ByteWriter()
            .writeShortBytes(id)
            .writeShort(ONE)
            .writeByte(0x01 | 0x02 | 0x04)
            .writeShort(2)
            .writeBytes(INT_42)
            .writeBytes(TEXT_ABC)
            .writeInt(5000));
  }

  @Test
  void should_encode_execute_with_result_metadata_id_under_v5() {
    byte[] id = {1, 2, 3, 4};
    byte[] resultMetadataId = {9, 8, 7};
    QueryOptions options =
        new QueryOptions(LOCAL_QUORUM, new RawValues(INT_42), false, 0, null, -1, 42L, null);

    assertEncodes(
        5,
        new Execute(id, resultMetadataId, options),
        Opcodes.EXECUTE,
        new ByteWriter()
            .writeShortBytes(id)
            .writeShortBytes(resultMetadataId)
            .writeShort(LOCAL_QUORUM)
            .writeInt(0x01 | 0x20)
            .writeShort(1)
            .writeBytes(INT_42)
            .writeLong(42L));
  }

  /**
   * Under v4 the layout follows the connection: with SCYLLA_USE_METADATA_ID negotiated the id is
   * written (empty when the statement was prepared where the extension is off), without it never,
   * whatever the statement carries (a rolling upgrade mixes both kinds of node).
   */
  @Test
  void should_lay_out_a_v4_execute_for_its_connection_not_for_its_statement() {
    byte[] id = {1, 2, 3, 4};
    byte[] resultMetadataId = {9, 8, 7};
    QueryOptions options =
        new QueryOptions(ONE, new RawValues(INT_42), false, 0, null, -1, Long.MIN_VALUE, null);
    byte[] parameters =
        new ByteWriter()
            .writeShort(ONE)
            .writeByte(0x01)
            .writeShort(1)
            .writeBytes(INT_42)
            .toByteArray();

    assertThat(body(new Execute(id, resultMetadataId, options), false))
        .isEqualTo(new ByteWriter().writeShortBytes(id).writeRaw(parameters).toByteArray());
    assertThat(body(new Execute(id, resultMetadataId, options), true))
        .isEqualTo(
            new ByteWriter()
                .writeShortBytes(id)
                .writeShortBytes(resultMetadataId)
                .writeRaw(parameters)
                .toByteArray());
    assertThat(body(new Execute(id, null, options), true))
        .isEqualTo(
            new ByteWriter()
                .writeShortBytes(id)
                .writeShortBytes(new byte[0])
                .writeRaw(parameters)
                .toByteArray());
  }

  private static byte[] body(Request request, boolean metadataIds) {
    ByteBuf frame =
        RequestFrames.encode(ByteBufAllocator.DEFAULT, 4, metadataIds, request, 1 << 20);
    try {
      return ByteBufUtil.getBytes(frame, 9, frame.readableBytes() - 9);
    } finally {
      frame.release();
    }
  }

  /**
   * A bound statement at the session's defaults shares its query parameters and writes only its
   * values and timestamp per request: the bytes must be those of an EXECUTE with options of its
   * own.
   */
  @ParameterizedTest(name = "protocol v{0}")
  @ValueSource(ints = {4, 5})
  void should_encode_execute_with_shared_options_as_with_options_of_its_own(int version) {
    byte[] id = {1, 2, 3, 4};
    for (byte[] resultMetadataId : Arrays.asList(null, new byte[] {9, 8, 7})) {
      if (version >= 5 && resultMetadataId == null) {
        continue; // v5 always has one
      }
      for (boolean skipMetadata : new boolean[] {false, true}) {
        for (Values values : Arrays.asList(null, new RawValues(), new RawValues(INT_42, null))) {
          for (long timestamp : new long[] {QueryOptions.NO_TIMESTAMP, 42L}) {
            QueryOptions shared =
                new QueryOptions(
                    LOCAL_QUORUM,
                    null,
                    skipMetadata,
                    5000,
                    null,
                    -1,
                    QueryOptions.NO_TIMESTAMP,
                    null);
            QueryOptions own =
                new QueryOptions(
                    LOCAL_QUORUM, values, skipMetadata, 5000, null, -1, timestamp, null);
            Request sharing =
                new Request() {
                  @Override
                  public int opcode() {
                    return Opcodes.EXECUTE;
                  }

                  @Override
                  public int encodedSize(int protocolVersion) {
                    return Execute.encodedSize(
                        protocolVersion, false, id, resultMetadataId, shared, values, timestamp);
                  }

                  @Override
                  public void encode(ByteBuf out, int protocolVersion) {
                    Execute.encode(
                        out,
                        protocolVersion,
                        false,
                        id,
                        resultMetadataId,
                        shared,
                        values,
                        timestamp);
                  }
                };

            assertThat(frameBytes(version, sharing))
                .as(
                    "metadata id %s, skip %s, values %s, timestamp %s",
                    resultMetadataId, skipMetadata, values, timestamp)
                .isEqualTo(frameBytes(version, new Execute(id, resultMetadataId, own)));
          }
        }
      }
    }
  }

  private static byte[] frameBytes(int version, Request request) {
    ByteBuf frame = RequestFrames.encode(ByteBufAllocator.DEFAULT, version, request);
    try {
      return ByteBufUtil.getBytes(frame);
    } finally {
      frame.release();
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Frame

  @ParameterizedTest(name = "stream id {0}")
  @ValueSource(ints = {1, 0x0102, 0x7FFF, -1})
  void should_patch_stream_id_at_offset_2(int streamId) {
    ByteBuf frame =
        RequestFrames.encode(ByteBufAllocator.DEFAULT, 4, new Query("q", options(ONE, null)));
    try {
      byte[] before = ByteBufUtil.getBytes(frame);

      RequestFrames.setStreamId(frame, streamId);

      byte[] after = ByteBufUtil.getBytes(frame);
      assertThat(after[FrameHeader.STREAM_OFFSET]).isEqualTo((byte) (streamId >> 8));
      assertThat(after[FrameHeader.STREAM_OFFSET + 1]).isEqualTo((byte) streamId);
      assertThat(frame.getShort(2)).isEqualTo((short) streamId);
      // Nothing else moved.
      after[2] = 0;
      after[3] = 0;
      assertThat(after).containsExactly(before);
      assertThat(frame.readerIndex()).isZero();
      assertThat(frame.writerIndex()).isEqualTo(before.length);
    } finally {
      frame.release();
    }
  }

  @Test
  void should_expose_opcode_of_an_encoded_frame() {
    ByteBuf frame = RequestFrames.encode(ByteBufAllocator.DEFAULT, 4, new Prepare("q", null));
    try {
      assertThat(RequestFrames.opcode(frame)).isEqualTo(Opcodes.PREPARE);
    } finally {
      frame.release();
    }
  }

  @Test
  void should_release_frame_and_fail_when_request_writes_fewer_bytes_than_announced() {
    Request lying = new FixedRequest(10, 6);

    assertThatThrownBy(() -> RequestFrames.encode(ByteBufAllocator.DEFAULT, 4, lying))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("wrote 6 body bytes but announced 10");
  }

  @Test
  void should_release_frame_and_fail_when_request_writes_more_bytes_than_announced() {
    Request lying = new FixedRequest(4, 6);

    assertThatThrownBy(() -> RequestFrames.encode(ByteBufAllocator.DEFAULT, 4, lying))
        .isInstanceOf(IndexOutOfBoundsException.class);
  }

  // ---------------------------------------------------------------------------------------------
  // Helpers

  private static QueryOptions options(int consistency, Values values) {
    return new QueryOptions(
        consistency, values, false, 0, null, -1, QueryOptions.NO_TIMESTAMP, null);
  }

  /**
   * Encodes the request and checks the whole frame: a request header of this version with stream 0,
   * the opcode and the body length, then exactly the expected body, in an exactly-sized buffer.
   */
  private static void assertEncodes(
      int version, Request request, int expectedOpcode, ByteWriter expectedBody) {
    byte[] expected =
        new ByteWriter()
            .writeByte(version)
            .writeByte(0)
            .writeShort(0)
            .writeByte(expectedOpcode)
            .writeInt(expectedBody.size())
            .write(expectedBody)
            .toByteArray();

    ByteBuf frame = RequestFrames.encode(ByteBufAllocator.DEFAULT, version, request);
    try {
      assertThat(ByteBufUtil.hexDump(frame)).isEqualTo(HexFormat.of().formatHex(expected));
      assertThat(request.opcode()).isEqualTo(expectedOpcode);
      assertThat(request.encodedSize(version))
          .isEqualTo(frame.readableBytes() - FrameHeader.LENGTH)
          .isEqualTo(frame.getInt(FrameHeader.BODY_LENGTH_OFFSET));
      assertThat(frame.maxCapacity()).as("exactly-sized frame").isEqualTo(frame.readableBytes());
    } finally {
      frame.release();
    }
  }

  /** Values given as raw [bytes]: a null element is written as the null value (length -1). */
  private static final class RawValues implements Values {
    private final List<byte[]> values;

    RawValues(byte[]... values) {
      this.values = Arrays.asList(values);
    }

    @Override
    public int count() {
      return values.size();
    }

    @Override
    public int encodedSize() {
      int size = 0;
      for (byte[] value : values) {
        size += 4 + (value == null ? 0 : value.length);
      }
      return size;
    }

    @Override
    public void encode(ByteBuf out) {
      for (byte[] value : values) {
        if (value == null) {
          out.writeInt(-1);
        } else {
          out.writeInt(value.length);
          out.writeBytes(value);
        }
      }
    }
  }

  /** A request that announces one body size and writes another. */
  private record FixedRequest(int announced, int written) implements Request {
    @Override
    public int opcode() {
      return Opcodes.OPTIONS;
    }

    @Override
    public int encodedSize(int protocolVersion) {
      return announced;
    }

    @Override
    public void encode(ByteBuf out, int protocolVersion) {
      out.writeZero(written);
    }
  }
}
