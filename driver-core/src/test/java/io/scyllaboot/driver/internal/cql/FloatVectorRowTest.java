package io.scyllaboot.driver.internal.cql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.type.DataType;
import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.frame.ResponseFrame;
import io.scyllaboot.driver.internal.protocol.message.ResponseDecoder;
import io.scyllaboot.driver.internal.protocol.message.RowsResult;
import io.scyllaboot.driver.testing.fakenode.FakeResponses;
import io.scyllaboot.driver.testing.fakenode.FakeResponses.Column;
import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** {@link Row#getFloatVector}: a {@code vector<float, n>} read into a float[], without boxing. */
class FloatVectorRowTest {
  private static final List<Column> COLUMNS =
      List.of(
          new Column("embedding", new DataType.VectorType(PrimitiveType.FLOAT, 3)),
          new Column("words", new DataType.VectorType(PrimitiveType.TEXT, 2)),
          new Column("doubles", new DataType.VectorType(PrimitiveType.DOUBLE, 2)),
          new Column("name", PrimitiveType.TEXT));

  private static Row row(List<Object> values) {
    ByteBuf body = PooledByteBufAllocator.DEFAULT.directBuffer();
    FakeResponses.rows(COLUMNS, List.of(values)).accept(body);
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
    return page.one();
  }

  private static List<Object> values(Object embedding) {
    return Arrays.asList(embedding, List.of("a", "b"), List.of(1.0, 2.0), "n");
  }

  @Test
  void should_read_a_float_vector_into_a_new_array_by_index_and_by_name() {
    Row row = row(values(new float[] {0.5f, -1.25f, Float.MAX_VALUE}));

    float[] byIndex = row.getFloatVector(0);
    float[] byName = row.getFloatVector("embedding");

    assertThat(byIndex).containsExactly(0.5f, -1.25f, Float.MAX_VALUE);
    assertThat(byName).containsExactly(0.5f, -1.25f, Float.MAX_VALUE).isNotSameAs(byIndex);
    assertThat(row.get("embedding", float[].class)).containsExactly(0.5f, -1.25f, Float.MAX_VALUE);
    // The boxed read stays as it was.
    assertThat(row.getList("embedding", Float.class))
        .containsExactly(0.5f, -1.25f, Float.MAX_VALUE);
  }

  @Test
  void should_read_null_for_a_null_vector() {
    Row row = row(values(null));

    assertThat(row.getFloatVector("embedding")).isNull();
    assertThat(row.get(0, float[].class)).isNull();
  }

  @Test
  void should_refuse_a_column_that_is_not_a_float_vector_naming_it() {
    Row row = row(values(new float[] {1, 2, 3}));

    assertThatThrownBy(() -> row.getFloatVector("words"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'words'")
        .hasMessageContaining("vector<text, 2>")
        .hasMessageContaining("float[]");
    assertThatThrownBy(() -> row.getFloatVector("doubles"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("vector<double, 2>");
    assertThatThrownBy(() -> row.get("name", float[].class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'name'");
    assertThatThrownBy(() -> row.getFloatVector("missing"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no column named 'missing'");
  }
}
