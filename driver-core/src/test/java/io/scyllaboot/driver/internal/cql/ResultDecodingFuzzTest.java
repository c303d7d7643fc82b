package io.scyllaboot.driver.internal.cql;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.error.FrameDecodingException;
import io.scyllaboot.driver.api.type.DataType;
import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.internal.protocol.frame.DecodeFailure;
import io.scyllaboot.driver.internal.protocol.frame.FrameDecoder;
import io.scyllaboot.driver.internal.protocol.frame.ResponseFrame;
import io.scyllaboot.driver.internal.protocol.message.RowsResult;
import io.scyllaboot.driver.testing.FrameMutation;
import io.scyllaboot.driver.testing.fakenode.FakeResponses;
import io.scyllaboot.driver.testing.fakenode.FakeResponses.Column;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Seeded fuzzing of the RESULT decoders, v4 and v5: an encoded ROWS page is corrupted with each
 * body-level {@link FrameMutation} many times, decoded as the connection does and read as a caller
 * does. Each outcome is a decoding failure of its own stream, a typed error while reading a value,
 * or exactly the rows encoded: never a made-up value, never an untyped exception.
 */
class ResultDecodingFuzzTest {
  private static final int ROUNDS = 300;
  private static final int STREAM = 5;
  // What the decoder alone sees: a body's bytes (framing and stream kinds belong to the proxy
  // test).
  private static final Set<FrameMutation> BODY_KINDS =
      EnumSet.of(
          FrameMutation.FLAG_TRACING,
          FrameMutation.FLAG_WARNING,
          FrameMutation.FLAG_CUSTOM_PAYLOAD,
          FrameMutation.BODY_CUT,
          FrameMutation.BODY_GARBAGE_TAIL,
          FrameMutation.RESULT_KIND,
          FrameMutation.ROWS_FLAGS,
          FrameMutation.COLUMN_COUNT,
          FrameMutation.ROW_COUNT_UP,
          FrameMutation.ROW_COUNT_DOWN,
          FrameMutation.CELL_LENGTH_MINUS_TWO,
          FrameMutation.CELL_LENGTH_GROW,
          FrameMutation.CELL_LENGTH_SHRINK,
          FrameMutation.COLLECTION_COUNT_ZERO,
          FrameMutation.COLLECTION_COUNT_NEGATIVE,
          FrameMutation.COLLECTION_COUNT_HUGE,
          FrameMutation.COLLECTION_COUNT_UP);
  private static final List<Column> COLUMNS =
      List.of(
          new Column("k", PrimitiveType.INT),
          new Column("b", PrimitiveType.BLOB),
          new Column("l", new DataType.ListType(PrimitiveType.INT, false)),
          new Column("m", new DataType.MapType(PrimitiveType.INT, PrimitiveType.TEXT, false)),
          new Column("t", PrimitiveType.TEXT));

  private static List<List<Object>> rows() {
    List<List<Object>> rows = new ArrayList<>();
    for (int r = 0; r < 3; r++) {
      rows.add(
          Arrays.asList(
              r,
              ByteBuffer.wrap(new byte[] {(byte) r, 1, 2, 3, 4, 5, 6, (byte) 0xEE}),
              List.of(r, 7, 42),
              Map.of(r, "v" + r, 9, "nine"),
              r == 1 ? null : "row " + r));
    }
    return rows;
  }

  private static byte[] encoded(int version) {
    ByteBuf body = Unpooled.buffer();
    FakeResponses.rows(COLUMNS, rows()).accept(body);
    byte[] frame = new byte[9 + body.readableBytes()];
    frame[0] = (byte) (0x80 | version);
    frame[3] = STREAM;
    frame[4] = 0x08;
    int length = body.readableBytes();
    frame[5] = (byte) (length >>> 24);
    frame[6] = (byte) (length >>> 16);
    frame[7] = (byte) (length >>> 8);
    frame[8] = (byte) length;
    body.readBytes(frame, 9, length);
    body.release();
    return frame;
  }

  @ParameterizedTest
  @ValueSource(ints = {4, 5})
  void should_decode_every_corrupted_page_exactly_or_fail_typed(int version) {
    Random random = new Random(32L * version);
    byte[] original = encoded(version);
    int failures = 0;
    int exact = 0;
    for (FrameMutation kind : BODY_KINDS) {
      for (int round = 0; round < ROUNDS / BODY_KINDS.size() + 1; round++) {
        FrameMutation.Output output = kind.apply(original.clone(), random);
        ByteBuf frame = Unpooled.wrappedBuffer(output.chunks().get(0));
        Object decoded;
        try {
          decoded = FrameDecoder.decodeFrame(frame);
        } finally {
          frame.release();
        }
        if (decoded instanceof DecodeFailure failure) {
          assertThat(failure.streamId()).isEqualTo(STREAM);
          failures++;
          continue;
        }
        ResponseFrame response = (ResponseFrame) decoded;
        assertThat(response.message()).as("%s", kind).isInstanceOf(RowsResult.class);
        if (readsExactly((RowsResult) response.message(), response)) {
          exact++;
        } else {
          failures++;
        }
      }
    }
    assertThat(failures).isPositive();
    assertThat(failures + exact).isPositive();
  }

  /** True when the page reads exactly the encoded rows; false when a value failed typed. */
  private static boolean readsExactly(RowsResult rows, ResponseFrame frame) {
    if (!rows.hasMetadata()) {
      // Without columns, the session refuses the page (StatementRequests.toResultSet) typed.
      rows.release();
      return false;
    }
    ResultPage page =
        new ResultPage(
            rows, null, frame, new InetSocketAddress(9042), List.of(), state -> null, null);
    try {
      List<List<Object>> read = new ArrayList<>();
      for (Row row : page.currentPage()) {
        List<Object> values = new ArrayList<>();
        for (int c = 0; c < COLUMNS.size(); c++) {
          values.add(row.getObject(c));
        }
        read.add(values);
      }
      assertThat(read).isEqualTo(rows());
      return true;
    } catch (FrameDecodingException typed) {
      return false;
    } finally {
      page.close();
    }
  }
}
