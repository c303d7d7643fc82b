package io.scyllaboot.driver.internal.cql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.ProtocolVersion;
import io.scyllaboot.driver.api.type.DataType;
import io.scyllaboot.driver.api.type.DataTypes;
import io.scyllaboot.driver.api.type.GenericType;
import io.scyllaboot.driver.api.type.MappingCodec;
import io.scyllaboot.driver.api.type.PointCodec;
import io.scyllaboot.driver.api.type.PointCodec.Point;
import io.scyllaboot.driver.api.type.TypeCodec;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** A codec written byte by byte, used as a mapping codec through its CQL type's own values. */
class ByteCodecAdapterTest {

  /** A level as the 4 bytes of an int. */
  enum Level {
    LOW,
    HIGH
  }

  static final class LevelCodec implements TypeCodec<Level> {
    @Override
    public GenericType<Level> getJavaType() {
      return GenericType.of(Level.class);
    }

    @Override
    public DataType getCqlType() {
      return DataTypes.INT;
    }

    @Override
    public ByteBuffer encode(Level value, ProtocolVersion protocolVersion) {
      return value == null ? null : ByteBuffer.allocate(4).putInt(0, value.ordinal() * 10);
    }

    @Override
    public Level decode(ByteBuffer bytes, ProtocolVersion protocolVersion) {
      return bytes == null ? null : Level.values()[bytes.getInt(bytes.position()) / 10];
    }

    @Override
    public String format(Level value) {
      return value == null ? "NULL" : String.valueOf(value.ordinal() * 10);
    }

    @Override
    public Level parse(String value) {
      return Level.values()[Integer.parseInt(value) / 10];
    }
  }

  @Test
  void should_map_through_the_text_the_bytes_are() {
    MappingCodec<?, Point> codec = ByteCodecAdapter.of(new PointCodec());

    assertThat(codec.innerJavaType()).isEqualTo(String.class);
    assertThat(codec.outerJavaType()).isEqualTo(Point.class);
    assertThat(codec.toInner(new Point(3, -4))).isEqualTo("3,-4");
    assertThat(codec.toOuter("7,8")).isEqualTo(new Point(7, 8));
    assertThat(codec.toInner(null)).isNull();
  }

  @Test
  void should_map_through_an_int_the_bytes_are() {
    MappingCodec<?, Level> codec = ByteCodecAdapter.of(new LevelCodec());

    assertThat(codec.innerJavaType()).isEqualTo(Integer.class);
    assertThat(codec.toInner(Level.HIGH)).isEqualTo(10);
    assertThat(codec.toOuter(10)).isEqualTo(Level.HIGH);
  }

  @Test
  void should_pass_on_the_codecs_own_failure() {
    MappingCodec<?, Point> codec = ByteCodecAdapter.of(new PointCodec());

    assertThatThrownBy(() -> codec.toOuter("not one"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("not a point");
  }
}
