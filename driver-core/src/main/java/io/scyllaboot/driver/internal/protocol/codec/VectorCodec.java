package io.scyllaboot.driver.internal.protocol.codec;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.api.type.DataType;
import io.scyllaboot.driver.api.type.PrimitiveType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Cassandra 5's {@code vector<element, n>}: exactly n non-null elements, concatenated without
 * length when the element type has a fixed size, else each prefixed by an unsigned vint length.
 * Accepts a List of n elements, or a {@code float[]} for a float vector; decodes to an unmodifiable
 * List.
 */
@SuppressWarnings({"rawtypes", "unchecked"})
final class VectorCodec implements TypeCodec<List> {
  private final DataType.VectorType type;
  private final TypeCodec element;
  private final int fixedSize;

  VectorCodec(DataType.VectorType type, TypeCodec<?> element) {
    this.type = type;
    this.element = element;
    this.fixedSize = fixedSize(type.element());
  }

  /** The serialized size of elements of fixed-size types, else -1. */
  static int fixedSize(DataType element) {
    if (!(element instanceof PrimitiveType primitive)) {
      return -1;
    }
    return switch (primitive) {
      case BOOLEAN -> 1;
      case INT, FLOAT -> 4;
      case BIGINT, DOUBLE, TIMESTAMP -> 8;
      case UUID, TIMEUUID -> 16;
      default -> -1;
    };
  }

  @Override
  public DataType cqlType() {
    return type;
  }

  @Override
  public Class<List> javaType() {
    return List.class;
  }

  private List<?> asList(Object value) {
    if (value instanceof float[] floats) {
      List<Float> list = new ArrayList<>(floats.length);
      for (float f : floats) {
        list.add(f);
      }
      return list;
    }
    return (List<?>) value;
  }

  @Override
  public boolean accepts(Object value) {
    if (value instanceof float[] floats) {
      return type.element() == PrimitiveType.FLOAT && floats.length == type.dimensions();
    }
    if (!(value instanceof List<?> list) || list.size() != type.dimensions()) {
      return false;
    }
    for (Object item : list) {
      if (item == null || !element.accepts(item)) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int encodedSize(Object value) {
    if (fixedSize > 0) {
      return fixedSize * type.dimensions();
    }
    int size = 0;
    for (Object item : asList(value)) {
      int itemSize = element.encodedSize(item);
      size += VInts.unsignedSize(itemSize) + itemSize;
    }
    return size;
  }

  @Override
  public void encode(Object value, ByteBuf out) {
    if (value instanceof float[] floats) {
      for (float f : floats) {
        out.writeFloat(f);
      }
      return;
    }
    for (Object item : (List<?>) value) {
      if (fixedSize < 0) {
        VInts.writeUnsigned(out, element.encodedSize(item));
      }
      element.encode(item, out);
    }
  }

  @Override
  public List decode(ByteBuf in, int index, int length) {
    if (length == 0) {
      return null; // an empty value: a vector has no empty Java form
    }
    // Variable-size elements take at least their 1-byte length each (fixed ones: checked below).
    if (fixedSize <= 0 && type.dimensions() > length) {
      throw new IllegalArgumentException(
          "vector of "
              + type.dimensions()
              + " dimensions cannot be read from "
              + length
              + " bytes");
    }
    List<Object> items;
    if (fixedSize > 0) {
      if (length != (long) fixedSize * type.dimensions()) {
        // Reading on would decode the next cells' bytes as elements.
        throw new IllegalArgumentException(
            "a "
                + type.asCql()
                + " value takes "
                + fixedSize * type.dimensions()
                + " bytes, got "
                + length
                + " bytes");
      }
      items = new ArrayList<>(type.dimensions());
      for (int i = 0; i < type.dimensions(); i++) {
        items.add(element.decode(in, index + i * fixedSize, fixedSize));
      }
    } else {
      items = new ArrayList<>(type.dimensions()); // at most length: checked above
      ByteBuf slice = in.slice(index, length);
      for (int i = 0; i < type.dimensions(); i++) {
        long itemLength = VInts.readUnsigned(slice);
        if (itemLength < 0 || itemLength > slice.readableBytes()) {
          throw new IllegalArgumentException(
              "vector element of "
                  + itemLength
                  + " bytes announced but "
                  + slice.readableBytes()
                  + " left in the value");
        }
        items.add(element.decode(slice, slice.readerIndex(), (int) itemLength));
        slice.skipBytes((int) itemLength);
      }
    }
    return Collections.unmodifiableList(items);
  }
}
