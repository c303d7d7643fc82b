package io.scyllaboot.driver.internal.cql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.frame.ResponseFrame;
import io.scyllaboot.driver.internal.protocol.message.ResponseDecoder;
import io.scyllaboot.driver.internal.protocol.message.RowsResult;
import io.scyllaboot.driver.testing.fakenode.FakeResponses;
import io.scyllaboot.driver.testing.fakenode.FakeResponses.Column;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * {@code getInt} and {@code getLong} read an int or bigint cell straight from the page's heap copy:
 * the same values, nulls and errors as through the codec, without boxing the value.
 */
class LazyRowPrimitivesTest {
  private static final List<Column> COLUMNS =
      List.of(
          new Column("i", PrimitiveType.INT),
          new Column("b", PrimitiveType.BIGINT),
          new Column("t", PrimitiveType.TEXT));

  private static List<Row> rows(List<List<Object>> values) {
    ByteBuf body = PooledByteBufAllocator.DEFAULT.directBuffer();
    FakeResponses.rows(COLUMNS, values).accept(body);
    RowsResult rows = (RowsResult) ResponseDecoder.decode(Opcodes.RESULT, body, 4);
    body.release(); // the frame decoder's reference; the rows keep their own
    ResultPage page =
        new ResultPage(
            rows,
            null,
            new ResponseFrame(0, rows, List.of(), null),
            new InetSocketAddress("127.0.0.1", 9042),
            null,
            state -> CompletableFuture.<AsyncResultSet>completedFuture(null),
            null);
    List<Row> read = new ArrayList<>();
    for (Row row : page.currentPage()) {
      read.add(row);
    }
    return read;
  }

  @Test
  void should_read_ints_and_bigints_of_any_value_and_nulls_as_zero() {
    List<Row> rows =
        rows(
            List.of(
                List.of(Integer.MAX_VALUE, Long.MIN_VALUE, "a"),
                List.of(-1_000_000, 1L << 40, "b"),
                Arrays.asList(null, null, null)));

    assertThat(rows.get(0).getInt(0)).isEqualTo(Integer.MAX_VALUE);
    assertThat(rows.get(0).getLong(1)).isEqualTo(Long.MIN_VALUE);
    assertThat(rows.get(1).getInt("i")).isEqualTo(-1_000_000);
    assertThat(rows.get(1).getLong("b")).isEqualTo(1L << 40);
    assertThat(rows.get(2).isNull(0)).isTrue();
    assertThat(rows.get(2).getInt(0)).isZero();
    assertThat(rows.get(2).getLong(1)).isZero();
  }

  @Test
  void should_refuse_a_column_of_another_type_as_before() {
    Row row = rows(List.of(List.of(7, 8L, "text"))).get(0);

    assertThatThrownBy(() -> row.getInt(1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'b' is bigint");
    assertThatThrownBy(() -> row.getLong(2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'t' is text");
    assertThatThrownBy(() -> row.getInt(3)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> row.getLong(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'i' is int");
  }

  @Test
  void should_not_box_the_values_it_reads() {
    List<Object> values = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      values.add(Arrays.asList(1_000_000 + i, 1_000_000_000_000L + i, "v"));
    }
    @SuppressWarnings("unchecked")
    List<Row> rows = rows((List<List<Object>>) (List<?>) values);
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long sum = 0;
    long before = threads.getCurrentThreadAllocatedBytes();
    for (int round = 0; round < 100; round++) {
      for (Row row : rows) {
        sum += row.getInt(0) + row.getLong(1);
      }
    }
    long allocated = threads.getCurrentThreadAllocatedBytes() - before;

    assertThat(sum).isPositive();
    // 20,000 reads of values outside the Integer/Long caches: boxing would allocate >= 320 KB
    assertThat(allocated).as("bytes allocated by 20,000 reads").isLessThan(32_000);
  }
}
