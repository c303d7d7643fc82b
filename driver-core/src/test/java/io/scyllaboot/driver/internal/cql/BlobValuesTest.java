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
import java.lang.ref.WeakReference;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * Blob values are read-only buffers: a view over the page's heap copy when the value is at least
 * half the page (no second copy of a large blob), a copy of their own otherwise (a small value
 * never keeps a large page alive).
 */
class BlobValuesTest {
  private static final List<Column> COLUMNS =
      List.of(new Column("id", PrimitiveType.INT), new Column("data", PrimitiveType.BLOB));

  private static byte[] payload(int size, int seed) {
    byte[] bytes = new byte[size];
    for (int i = 0; i < size; i++) {
      bytes[i] = (byte) (i * 31 + seed);
    }
    return bytes;
  }

  /** A page of rows (i, payload(size, i)) built from a pooled direct buffer, as on the wire. */
  private static ResultPage page(int rowCount, int size) {
    List<List<Object>> rows = new ArrayList<>();
    for (int i = 0; i < rowCount; i++) {
      rows.add(List.of(i, ByteBuffer.wrap(payload(size, i))));
    }
    ByteBuf body = PooledByteBufAllocator.DEFAULT.directBuffer();
    FakeResponses.rows(COLUMNS, rows).accept(body);
    RowsResult result = (RowsResult) ResponseDecoder.decode(Opcodes.RESULT, body, 4);
    body.release(); // the frame decoder's reference; the rows keep their own
    ResultPage page =
        new ResultPage(
            result,
            null,
            new ResponseFrame(0, result, List.of(), null),
            new InetSocketAddress("127.0.0.1", 9042),
            null,
            state -> CompletableFuture.<AsyncResultSet>completedFuture(null),
            null);
    assertThat(body.refCnt()).as("network buffer released with the page built").isZero();
    return page;
  }

  private static byte[] content(ByteBuffer buffer) {
    byte[] bytes = new byte[buffer.remaining()];
    buffer.duplicate().get(bytes);
    return bytes;
  }

  private static long allocatedBytes() {
    return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
        .getCurrentThreadAllocatedBytes();
  }

  @Test
  void should_read_a_large_blob_without_copying_it_again() {
    int size = 64 * 1024;
    Row row = page(1, size).one();
    row.getBytes(1); // warm the codec lookup and the classes used

    long before = allocatedBytes();
    ByteBuffer value = row.getBytes(1);
    long allocated = allocatedBytes() - before;

    assertThat(allocated).as("bytes allocated reading a 64 KiB blob").isLessThan(size / 4);
    assertThat(content(value)).isEqualTo(payload(size, 0));
  }

  @Test
  void should_return_read_only_buffers_bounded_to_the_value() {
    for (ResultPage page : List.of(page(1, 64 * 1024), page(50, 16))) {
      Row row = page.one();
      ByteBuffer value = row.getBytes("data");
      int size = value.remaining();

      assertThat(value.isReadOnly()).isTrue();
      assertThat(value.position()).isZero();
      assertThat(value.capacity()).as("nothing of the page beyond the value").isEqualTo(size);
      assertThatThrownBy(() -> value.put(0, (byte) 1)).isInstanceOf(ReadOnlyBufferException.class);
      assertThatThrownBy(value::array).isInstanceOf(ReadOnlyBufferException.class);
      assertThat(row.getObject(1)).isInstanceOf(ByteBuffer.class);
      assertThat(((ByteBuffer) row.getObject(1)).isReadOnly()).isTrue();
    }
  }

  @Test
  void should_hand_out_independent_positions_over_the_same_value() {
    Row row = page(1, 1024).one();
    ByteBuffer first = row.getBytes(1);
    first.get(new byte[1000]);

    ByteBuffer second = row.getBytes(1);
    assertThat(second.remaining()).isEqualTo(1024);
    assertThat(content(second)).isEqualTo(payload(1024, 0));
  }

  @Test
  void should_keep_values_valid_after_the_page_is_consumed_and_closed() {
    ResultPage page = page(3, 40 * 1024);
    List<ByteBuffer> values = new ArrayList<>();
    for (Row row : page.currentPage()) {
      values.add(row.getBytes(1));
    }
    page.close();
    // Pooled buffers of the same size are reused: a value still on one would change here.
    for (int i = 0; i < 8; i++) {
      PooledByteBufAllocator.DEFAULT.directBuffer(256 * 1024).writeZero(256 * 1024).release();
    }

    for (int i = 0; i < values.size(); i++) {
      assertThat(content(values.get(i))).isEqualTo(payload(40 * 1024, i));
    }
  }

  @Test
  void should_not_keep_a_large_page_alive_through_a_small_value() {
    ResultPage page = page(1000, 16);
    ByteBuffer value = page.one().getBytes(1);
    WeakReference<byte[]> pageBytes = new WeakReference<>(page.rows().buffer().array());
    page = null;

    for (int i = 0; i < 50 && pageBytes.get() != null; i++) {
      System.gc();
    }
    assertThat(pageBytes.get()).as("the page's heap copy, once unreferenced").isNull();
    assertThat(content(value)).isEqualTo(payload(16, 0));
  }
}
