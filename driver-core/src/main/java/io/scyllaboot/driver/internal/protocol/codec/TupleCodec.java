package io.scyllaboot.driver.internal.protocol.codec;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.api.type.DataType;
import io.scyllaboot.driver.api.type.TupleValue;
import java.util.List;

/** tuple: each component as {@code [int length][bytes]} (-1 for null), no count. */
final class TupleCodec implements TypeCodec<TupleValue> {
  private final DataType.TupleType type;
  private final List<TypeCodec<?>> components;

  TupleCodec(DataType.TupleType type, List<TypeCodec<?>> components) {
    this.type = type;
    this.components = components;
  }

  @Override
  public DataType cqlType() {
    return type;
  }

  @Override
  public Class<TupleValue> javaType() {
    return TupleValue.class;
  }

  @Override
  public boolean accepts(Object value) {
    if (!(value instanceof TupleValue tuple) || tuple.size() != components.size()) {
      return false;
    }
    for (int i = 0; i < components.size(); i++) {
      Object component = tuple.get(i);
      if (!Elements.accepts(components.get(i), component)) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int encodedSize(Object value) {
    TupleValue tuple = (TupleValue) value;
    int size = 0;
    for (int i = 0; i < components.size(); i++) {
      size += Elements.size(components.get(i), tuple.get(i));
    }
    return size;
  }

  @Override
  public void encode(Object value, ByteBuf out) {
    TupleValue tuple = (TupleValue) value;
    for (int i = 0; i < components.size(); i++) {
      Elements.write(components.get(i), tuple.get(i), out);
    }
  }

  @Override
  public TupleValue decode(ByteBuf in, int index, int length) {
    if (length == 0) {
      return null; // no components at all: an empty value, not a tuple of nulls
    }
    Object[] values = new Object[components.size()];
    int position = index;
    int end = index + length;
    for (int i = 0; i < values.length && position < end; i++) {
      int componentLength = Elements.readLength(in, position, end);
      position += 4;
      if (componentLength >= 0) {
        values[i] = Elements.decodeComponent(components.get(i), in, position, componentLength);
        position += componentLength;
      }
    }
    return TupleValue.of(values);
  }
}
