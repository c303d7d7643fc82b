package io.scyllaboot.driver.internal.protocol.codec;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.api.type.DataType;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** map: {@code [int n]} then n key/value pairs of {@code [int length][bytes]}. */
@SuppressWarnings({"rawtypes", "unchecked"})
final class MapCodec implements TypeCodec {
  private final DataType type;
  private final TypeCodec key;
  private final TypeCodec value;

  MapCodec(DataType.MapType type, TypeCodec<?> key, TypeCodec<?> value) {
    this.type = type;
    this.key = key;
    this.value = value;
  }

  @Override
  public DataType cqlType() {
    return type;
  }

  @Override
  public Class javaType() {
    return Map.class;
  }

  @Override
  public boolean accepts(Object candidate) {
    if (!(candidate instanceof Map<?, ?> map)) {
      return false;
    }
    for (Map.Entry<?, ?> entry : map.entrySet()) {
      if (entry.getKey() == null
          || entry.getValue() == null
          || !key.accepts(entry.getKey())
          || !value.accepts(entry.getValue())) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int encodedSize(Object candidate) {
    int size = 4;
    for (Map.Entry<?, ?> entry : ((Map<?, ?>) candidate).entrySet()) {
      size += 8 + key.encodedSize(entry.getKey()) + value.encodedSize(entry.getValue());
    }
    return size;
  }

  @Override
  public void encode(Object candidate, ByteBuf out) {
    Map<?, ?> map = (Map<?, ?>) candidate;
    out.writeInt(map.size());
    for (Map.Entry<?, ?> entry : map.entrySet()) {
      Elements.write(key, entry.getKey(), out);
      Elements.write(value, entry.getValue(), out);
    }
  }

  @Override
  public Object decode(ByteBuf in, int index, int length) {
    if (length == 0) {
      return Map.of();
    }
    int end = index + length;
    int count = Elements.readCount(in, index, end);
    int position = index + 4;
    Elements.checkCount(count, end - position, 8);
    Map<Object, Object> map = new LinkedHashMap<>(count * 2);
    for (int i = 0; i < count; i++) {
      int keyLength = Elements.readLength(in, position, end);
      position += 4;
      Object k = keyLength < 0 ? null : key.decode(in, position, keyLength);
      position += Math.max(keyLength, 0);
      int valueLength = Elements.readLength(in, position, end);
      position += 4;
      Object v = valueLength < 0 ? null : value.decode(in, position, valueLength);
      position += Math.max(valueLength, 0);
      map.put(k, v);
    }
    Elements.checkEnd(position, end, "map");
    return Collections.unmodifiableMap(map);
  }
}
