package io.scyllaboot.driver.internal.cql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.ProtocolVersion;
import io.scyllaboot.driver.api.type.CqlStrings;
import io.scyllaboot.driver.api.type.DataType;
import io.scyllaboot.driver.api.type.DataTypes;
import io.scyllaboot.driver.api.type.GenericType;
import io.scyllaboot.driver.api.type.MappingCodec;
import io.scyllaboot.driver.api.type.TypeCodec;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A codec written byte by byte, used as a mapping codec through its CQL type's own values. */
class ByteCodecAdapterTest {

  record Point(int x, int y) {}

  /** A point as the text "x,y", byte by byte. */
  static final class PointCodec implements TypeCodec<Point> {
    @Override
    public GenericType<Point> getJavaType() {
      return GenericType.of(Point.class);
    }

    @Override
    public DataType getCqlType() {
      return DataTypes.TEXT;
    }

    @Override
    public ByteBuffer encode(Point value, ProtocolVersion protocolVersion) {
      return value == null
          ? null
          : ByteBuffer.wrap((value.x() + "," + value.y()).getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public Point decode(ByteBuffer bytes, ProtocolVersion protocolVersion) {
      if (bytes == null) {
        return null;
      }
      byte[] array = new byte[bytes.remaining()];
      bytes.duplicate().get(array);
      String[] parts = new String(array, StandardCharsets.UTF_8).split(",");
      if (parts.length != 2) {
        throw new IllegalArgumentException("not a point");
      }
      return new Point(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
    }

    @Override
    public String format(Point value) {
      return value == null ? "NULL" : CqlStrings.quote(value.x() + "," + value.y());
    }

    @Override
    public Point parse(String value) {
      return decode(
          ByteBuffer.wrap(CqlStrings.unquote(value).getBytes(StandardCharsets.UTF_8)),
          ProtocolVersion.V4);
    }
  }

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
