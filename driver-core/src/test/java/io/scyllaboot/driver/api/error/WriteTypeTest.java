package io.scyllaboot.driver.api.error;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.ConsistencyLevel;
import org.junit.jupiter.api.Test;

class WriteTypeTest {
  @Test
  void should_give_the_constant_of_the_servers_name() {
    WriteTimeoutException timeout =
        new WriteTimeoutException("timed out", ConsistencyLevel.QUORUM, 1, 2, "UNLOGGED_BATCH", 0);

    assertThat(WriteType.of(timeout.writeType())).isEqualTo(WriteType.UNLOGGED_BATCH);
    assertThat(WriteType.of("BATCH_LOG")).isEqualTo(WriteType.BATCH_LOG);
  }

  @Test
  void should_name_a_write_type_it_does_not_know() {
    assertThatThrownBy(() -> WriteType.of("SOMETHING_NEW"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("unknown write type 'SOMETHING_NEW'");
  }
}
