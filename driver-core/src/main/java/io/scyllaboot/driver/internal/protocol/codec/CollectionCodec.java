package io.scyllaboot.driver.internal.protocol.codec;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.api.type.DataType;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * list and set: {@code [int n]} then n {@code [int length][bytes]} elements. Accepts any Collection
 * whose elements the element codec accepts (no null elements: Cassandra refuses them). Decodes to
 * an unmodifiable List or an insertion-ordered Set.
 */
@SuppressWarnings({"rawtypes", "unchecked"})
final class CollectionCodec implements TypeCodec {
  private final DataType type;
  private final TypeCodec element;
  private final boolean set;

  CollectionCodec(DataType type, TypeCodec<?> element, boolean set) {
    this.type = type;
    this.element = element;
    this.set = set;
  }

  @Override
  public DataType cqlType() {
    return type;
  }

  @Override
  public Class javaType() {
    return set ? Set.class : List.class;
  }

  @Override
  public boolean accepts(Object value) {
    if (!(value instanceof Collection<?> collection)) {
      return false;
    }
    for (Object item : collection) {
      if (item == null || !element.accepts(item)) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int encodedSize(Object value) {
    int size = 4;
    for (Object item : (Collection<?>) value) {
      size += 4 + element.encodedSize(item);
    }
    return size;
  }

  @Override
  public void encode(Object value, ByteBuf out) {
    Collection<?> collection = (Collection<?>) value;
    out.writeInt(collection.size());
    for (Object item : collection) {
      Elements.write(element, item, out);
    }
  }

  @Override
  public Object decode(ByteBuf in, int index, int length) {
    if (length == 0) {
      return set ? Set.of() : List.of();
    }
    int end = index + length;
    int count = Elements.readCount(in, index, end);
    int position = index + 4;
    Elements.checkCount(count, end - position, 4);
    Collection<Object> items = set ? new LinkedHashSet<>(count * 2) : new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      int itemLength = Elements.readLength(in, position, end);
      position += 4;
      items.add(itemLength < 0 ? null : element.decode(in, position, itemLength));
      position += Math.max(itemLength, 0);
    }
    Elements.checkEnd(position, end, set ? "set" : "list");
    return set
        ? Collections.unmodifiableSet((Set<Object>) items)
        : Collections.unmodifiableList((List<Object>) items);
  }
}
