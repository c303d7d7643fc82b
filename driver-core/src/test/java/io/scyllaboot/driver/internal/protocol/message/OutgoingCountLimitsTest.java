package io.scyllaboot.driver.internal.protocol.message;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Counts that the protocol writes as an unsigned short ({@code [short n]}): more than 65,535 batch
 * children or bound values are refused when the request is built, before anything is sent, instead
 * of being truncated into a malformed frame.
 */
class OutgoingCountLimitsTest {

  /** {@code count} null values. */
  private record NullValues(int count) implements Values {
    @Override
    public int encodedSize() {
      return 4 * count;
    }

    @Override
    public void encode(ByteBuf out) {
      for (int i = 0; i < count; i++) {
        out.writeInt(-1);
      }
    }
  }

  private static QueryOptions options(Values values) {
    return new QueryOptions(1, values, false, 0, null, -1, QueryOptions.NO_TIMESTAMP, null);
  }

  @Test
  void should_refuse_a_batch_of_more_than_65535_statements() {
    Batch.Child child = new Batch.Child("INSERT INTO t (k) VALUES (1)", null, null);
    List<Batch.Child> children = Collections.nCopies(70_000, child);

    assertThatThrownBy(() -> new Batch(0, children, 1, -1, QueryOptions.NO_TIMESTAMP))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("70000 statements")
        .hasMessageContaining("65535");
    assertThatCode(
            () ->
                new Batch(0, Collections.nCopies(65_535, child), 1, -1, QueryOptions.NO_TIMESTAMP))
        .doesNotThrowAnyException();
  }

  @Test
  void should_refuse_more_than_65535_bound_values() {
    assertThatThrownBy(() -> options(new NullValues(70_000)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("70000 values")
        .hasMessageContaining("65535");
    assertThatThrownBy(() -> new Batch.Child(null, new byte[] {1}, new NullValues(65_536)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("65536 values");
    assertThatCode(() -> options(new NullValues(65_535))).doesNotThrowAnyException();
  }
}
