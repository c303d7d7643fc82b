package io.scyllaboot.driver.api.type;

import io.scyllaboot.driver.api.ProtocolVersion;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** A test codec written byte by byte: a {@link Point} as the text "x,y". */
public final class PointCodec implements TypeCodec<PointCodec.Point> {

  public record Point(int x, int y) {}

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
    return parseText(new String(array, StandardCharsets.UTF_8));
  }

  @Override
  public String format(Point value) {
    return value == null ? "NULL" : CqlStrings.quote(value.x() + "," + value.y());
  }

  @Override
  public Point parse(String value) {
    return parseText(CqlStrings.unquote(value));
  }

  private static Point parseText(String text) {
    String[] parts = text.split(",");
    if (parts.length != 2) {
      throw new IllegalArgumentException("not a point");
    }
    return new Point(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
  }
}
