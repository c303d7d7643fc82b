package io.scyllaboot.driver.internal.cql;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.api.cql.Unset;
import io.scyllaboot.driver.api.type.EmptyValue;
import io.scyllaboot.driver.internal.protocol.codec.TypeCodec;
import io.scyllaboot.driver.internal.protocol.message.Values;

/**
 * Values already accepted by their codecs, encoded only when the frame is written: no intermediate
 * buffer per value. {@code null} is written as a null value (-1), {@link Unset#VALUE} as unset
 * (-2), {@link EmptyValue#VALUE} as a zero-length value (0). The caller must not mutate the values
 * (for example a list) until the request is sent.
 */
final class CodecValues implements Values {
  private static final int NULL = -1;
  private static final int UNSET = -2;

  private final TypeCodec<?>[] codecs;
  private final Object[] values;
  private final int encodedSize;

  CodecValues(TypeCodec<?>[] codecs, Object[] values) {
    this.codecs = codecs;
    this.values = values;
    int size = 0;
    for (int i = 0; i < values.length; i++) {
      Object value = values[i];
      size += 4;
      if (value != null && value != Unset.VALUE && value != EmptyValue.VALUE) {
        size += codecs[i].encodedSize(value);
      }
    }
    this.encodedSize = size;
  }

  @Override
  public int count() {
    return values.length;
  }

  @Override
  public int encodedSize() {
    return encodedSize;
  }

  @Override
  public void encode(ByteBuf out) {
    for (int i = 0; i < values.length; i++) {
      Object value = values[i];
      if (value == null) {
        out.writeInt(NULL);
      } else if (value == Unset.VALUE) {
        out.writeInt(UNSET);
      } else if (value == EmptyValue.VALUE) {
        out.writeInt(0);
      } else {
        int lengthIndex = out.writerIndex();
        out.writeInt(0);
        codecs[i].encode(value, out);
        out.setInt(lengthIndex, out.writerIndex() - lengthIndex - 4);
      }
    }
  }

  Object[] copyValues() {
    return values.clone();
  }

  Object value(int index) {
    return values[index];
  }

  TypeCodec<?> codec(int index) {
    return codecs[index];
  }
}
