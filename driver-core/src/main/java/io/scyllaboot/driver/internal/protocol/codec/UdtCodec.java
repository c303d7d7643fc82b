package io.scyllaboot.driver.internal.protocol.codec;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.api.type.DataType;
import io.scyllaboot.driver.api.type.UdtValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A user-defined type: fields in declaration order, each {@code [int length][bytes]}. A value
 * written before fields were added to the type is shorter: the missing trailing fields decode as
 * null. Binding accepts a {@link UdtValue} or a {@code Map<String, ?>}; unknown field names are
 * refused, missing ones written as null.
 */
final class UdtCodec implements TypeCodec<UdtValue> {
  private final DataType.UserDefinedType type;
  private final List<TypeCodec<?>> fields;

  UdtCodec(DataType.UserDefinedType type, List<TypeCodec<?>> fields) {
    this.type = type;
    this.fields = fields;
  }

  @Override
  public DataType cqlType() {
    return type;
  }

  @Override
  public Class<UdtValue> javaType() {
    return UdtValue.class;
  }

  private static Map<?, ?> asMap(Object value) {
    if (value instanceof UdtValue udt) {
      return udt.fields();
    }
    return value instanceof Map<?, ?> map ? map : null;
  }

  @Override
  public boolean accepts(Object value) {
    Map<?, ?> map = asMap(value);
    if (map == null) {
      return false;
    }
    for (Map.Entry<?, ?> entry : map.entrySet()) {
      int field = type.fieldNames().indexOf(entry.getKey());
      if (field < 0) {
        return false;
      }
      if (!Elements.accepts(fields.get(field), entry.getValue())) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int encodedSize(Object value) {
    Map<?, ?> map = asMap(value);
    int size = 0;
    for (int i = 0; i < fields.size(); i++) {
      size += Elements.size(fields.get(i), map.get(type.fieldNames().get(i)));
    }
    return size;
  }

  @Override
  public void encode(Object value, ByteBuf out) {
    Map<?, ?> map = asMap(value);
    for (int i = 0; i < fields.size(); i++) {
      Elements.write(fields.get(i), map.get(type.fieldNames().get(i)), out);
    }
  }

  @Override
  public UdtValue decode(ByteBuf in, int index, int length) {
    if (length == 0) {
      return null; // no fields at all: an empty value, not a UDT of nulls
    }
    Map<String, Object> values = new LinkedHashMap<>(fields.size() * 2);
    int position = index;
    int end = index + length;
    for (int i = 0; i < fields.size(); i++) {
      Object fieldValue = null;
      if (position < end) {
        int fieldLength = Elements.readLength(in, position, end);
        position += 4;
        if (fieldLength >= 0) {
          fieldValue = Elements.decodeComponent(fields.get(i), in, position, fieldLength);
          position += fieldLength;
        }
      }
      values.put(type.fieldNames().get(i), fieldValue);
    }
    return UdtValue.of(values);
  }
}
