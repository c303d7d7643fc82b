package io.scyllaboot.driver.api.type;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class ByteUtilsTest {

  @Test
  void should_render_a_blob_as_its_cql_literal_without_moving_the_buffer() {
    ByteBuffer buffer = ByteBuffer.wrap(new byte[] {9, (byte) 0xff, 0x0a, 0});
    buffer.position(1);

    assertThat(ByteUtils.toHexString(buffer)).isEqualTo("0xff0a00");
    assertThat(buffer.position()).isEqualTo(1);
    assertThat(ByteUtils.toHexString(new byte[0])).isEqualTo("0x");
    assertThat(ByteUtils.toHexString((ByteBuffer) null)).isNull();
  }

  @Test
  void should_parse_a_cql_blob_literal() {
    assertThat(ByteUtils.fromHexString("0xFFfe01"))
        .isEqualTo(ByteBuffer.wrap(new byte[] {-1, -2, 1}));
    assertThat(ByteUtils.fromHexString(null)).isNull();
    assertThatThrownBy(() -> ByteUtils.fromHexString("ffff"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("0x");
    assertThatThrownBy(() -> ByteUtils.fromHexString("0xfff"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_copy_the_remaining_bytes_of_any_buffer() {
    ByteBuffer direct = ByteBuffer.allocateDirect(3).put(new byte[] {1, 2, 3}).flip();
    direct.get();

    assertThat(ByteUtils.getArray(direct)).containsExactly(2, 3);
    assertThat(direct.remaining()).isEqualTo(2);
  }
}
