package io.scyllaboot.driver.internal.cql;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.ColumnDefinition;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.frame.ResponseFrame;
import io.scyllaboot.driver.internal.protocol.message.DefaultColumnDefinitions;
import io.scyllaboot.driver.internal.protocol.message.ResponseDecoder;
import io.scyllaboot.driver.internal.protocol.message.Result;
import io.scyllaboot.driver.internal.protocol.message.RowsMetadata;
import io.scyllaboot.driver.internal.protocol.message.RowsResult;
import io.scyllaboot.driver.testing.fakenode.FakeResponses;
import io.scyllaboot.driver.testing.fakenode.FakeResponses.Column;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** A result page copies its rows off the network buffer, which it releases at once. */
class ResultPageTest {
  private static final List<Column> COLUMNS =
      List.of(new Column("id", PrimitiveType.INT), new Column("name", PrimitiveType.TEXT));

  /** The body of a ROWS response in a pooled direct buffer, as the frame decoder hands it over. */
  private static ByteBuf rowsBody(int count) {
    List<List<Object>> rows = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      rows.add(List.of(i, "name-" + i));
    }
    ByteBuf body = PooledByteBufAllocator.DEFAULT.directBuffer();
    FakeResponses.rows(COLUMNS, rows).accept(body);
    return body;
  }

  private static ResultPage page(ByteBuf body) {
    return page(body, null);
  }

  private static ResultPage page(ByteBuf body, DefaultPreparedStatement prepared) {
    RowsResult rows = (RowsResult) ResponseDecoder.decode(Opcodes.RESULT, body, 4);
    body.release(); // the frame decoder's reference; the rows keep their own
    return new ResultPage(
        rows,
        null,
        new ResponseFrame(0, rows, List.of(), null),
        new InetSocketAddress("127.0.0.1", 9042),
        null,
        state -> CompletableFuture.<AsyncResultSet>completedFuture(null),
        prepared);
  }

  private static DefaultPreparedStatement prepared(byte[] resultMetadataId) {
    RowsMetadata none = new RowsMetadata(DefaultColumnDefinitions.EMPTY, new int[0], null, null);
    RowsMetadata result =
        new RowsMetadata(
            new DefaultColumnDefinitions(
                new ColumnDefinition[] {
                  new ColumnDefinition("ks", "tbl", "id", PrimitiveType.INT),
                  new ColumnDefinition("ks", "tbl", "name", PrimitiveType.TEXT)
                }),
            new int[0],
            null,
            null);
    return new DefaultPreparedStatement(
        "SELECT id, name FROM tbl",
        "ks",
        new Result.Prepared(new byte[] {1}, resultMetadataId, none, result));
  }

  @Test
  void should_skip_result_metadata_whenever_the_columns_are_known() {
    // v4 too: the server drops a table's prepared statements when the table changes, so the
    // columns come back with the next PREPARE (PreparedSchemaChangeIT); the bytes are saved on
    // every response.
    assertThat(prepared(null).canSkipMetadata()).as("v4: no result metadata id").isTrue();
    assertThat(prepared(new byte[] {7}).canSkipMetadata()).as("v5").isTrue();
  }

  @Test
  void should_reuse_the_columns_of_a_statement_while_its_pages_send_the_same_specs() {
    DefaultPreparedStatement statement = prepared(null);
    ResultPage first = page(rowsBody(1), statement);
    ResultPage second = page(rowsBody(2), statement);

    assertThat(second.columnDefinitions()).isSameAs(first.columnDefinitions());

    // Other specs (the table changed): parsed again, and read with their own types.
    ByteBuf changed = PooledByteBufAllocator.DEFAULT.directBuffer();
    FakeResponses.rows(
            List.of(new Column("id", PrimitiveType.INT), new Column("size", PrimitiveType.BIGINT)),
            List.of(List.of(5, 9L)))
        .accept(changed);
    ResultPage third = page(changed, statement);
    assertThat(third.columnDefinitions().get(1).name()).isEqualTo("size");
    assertThat(third.one().getLong("size")).isEqualTo(9L);
    assertThat(second.columnDefinitions().get(1).name()).isEqualTo("name");
  }

  @Test
  void should_release_the_network_buffer_as_soon_as_the_page_is_built() {
    ByteBuf body = rowsBody(3);
    ResultPage page = page(body);

    assertThat(body.refCnt()).isZero();
    assertThat(page.remaining()).isEqualTo(3);
    Row first = page.one();
    assertThat(first.getInt("id")).isZero();
    assertThat(first.getString("name")).isEqualTo("name-0");
  }

  @Test
  void should_keep_rows_readable_after_the_page_is_consumed_and_closed() {
    ResultPage page = page(rowsBody(100));
    List<Row> rows = new ArrayList<>();
    for (Row row : page.currentPage()) {
      rows.add(row);
    }
    page.close();

    assertThat(page.remaining()).isZero();
    assertThat(page.one()).isNull();
    assertThat(rows).hasSize(100);
    for (int i = 0; i < rows.size(); i++) {
      assertThat(rows.get(i).getInt(0)).isEqualTo(i);
      assertThat(rows.get(i).getString("name")).isEqualTo("name-" + i);
    }
  }

  @Test
  void should_not_fetch_rows_of_a_closed_page_by_iteration() {
    ResultPage page = page(rowsBody(5));
    page.one();
    page.close();

    assertThat(page.currentPage()).isEmpty();
  }
}
