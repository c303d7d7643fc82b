package io.scyllaboot.driver.internal.cql;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.api.cql.ColumnDefinitions;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.error.DriverException;
import io.scyllaboot.driver.api.error.FrameDecodingException;
import io.scyllaboot.driver.api.type.DataType;
import io.scyllaboot.driver.api.type.MappingCodec;
import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.internal.protocol.codec.CodecRegistry;
import io.scyllaboot.driver.internal.protocol.codec.TypeCodec;
import io.scyllaboot.driver.internal.protocol.message.HeapRows;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * A row that decodes each value from its page's heap copy when read. Two final fields, no copies:
 * immutable, readable from any thread for as long as it is referenced.
 */
final class LazyRow implements Row {
  private final ResultPage page;
  private final int row;

  LazyRow(ResultPage page, int row) {
    this.page = page;
    this.row = row;
  }

  @Override
  public ColumnDefinitions columnDefinitions() {
    return page.columnDefinitions();
  }

  private int index(String name) {
    int index = page.columnDefinitions().indexOf(name);
    if (index < 0) {
      throw new IllegalArgumentException(
          "no column named '" + name + "' in this result; columns are " + columnNames());
    }
    return index;
  }

  private String columnNames() {
    StringBuilder names = new StringBuilder("[");
    ColumnDefinitions definitions = page.columnDefinitions();
    for (int i = 0; i < definitions.size(); i++) {
      names.append(i == 0 ? "" : ", ").append(definitions.get(i).name());
    }
    return names.append(']').toString();
  }

  private void checkIndex(int index) {
    int count = page.rows().columnCount();
    if (index < 0 || index >= count) {
      throw new IndexOutOfBoundsException(
          "column index " + index + " out of range: this result has " + count + " columns");
    }
  }

  /** Offset of the cell's length prefix. */
  private int cell(int index) {
    checkIndex(index);
    return page.rows().cellOffset(row, index);
  }

  @Override
  public boolean isNull(int index) {
    int offset = cell(index);
    return page.rows().cellLength(offset) < 0;
  }

  @Override
  public boolean isNull(String name) {
    return isNull(index(name));
  }

  @Override
  public boolean isEmpty(int index) {
    int offset = cell(index);
    return page.rows().cellLength(offset) == 0;
  }

  @Override
  public boolean isEmpty(String name) {
    return isEmpty(index(name));
  }

  @Override
  public Object getObject(int index) {
    int offset = cell(index);
    HeapRows rows = page.rows();
    int length = rows.cellLength(offset);
    if (length < 0) {
      return null;
    }
    TypeCodec<?> codec = page.codec(index);
    // Blobs (and custom types): no decoding, so no second copy of a large value.
    if (codec.javaType() == ByteBuffer.class) {
      return rows.readOnlyBytes(offset + 4, length);
    }
    try {
      return codec.decode(rows.buffer(), offset + 4, length);
    } catch (DriverException e) {
      throw e;
    } catch (RuntimeException e) {
      // The cell's bytes are not a value of its type (a malformed length or count): the server's
      // answer, not the caller's request, is at fault.
      throw new FrameDecodingException(
          "column "
              + index
              + " ("
              + codec.cqlType().asCql()
              + ") of the row holds "
              + length
              + " bytes that are not a value of its type: "
              + e.getMessage(),
          e);
    }
  }

  @Override
  public Object getObject(String name) {
    return getObject(index(name));
  }

  /** Decodes a value after checking that the column's Java type is assignable to the one asked. */
  private <T> T typed(int index, Class<T> requested) {
    checkIndex(index);
    Class<?> boxed = box(requested);
    TypeCodec<?> codec = page.codec(index);
    if (!boxed.isAssignableFrom(codec.javaType())) {
      MappingCodec<?, ?> mapping = page.mappingCodecs().forReading(codec.javaType(), boxed);
      if (mapping == null) {
        throw wrongType(index, requested);
      }
      @SuppressWarnings("unchecked")
      T mapped = (T) mapping.toOuter(getObject(index));
      return mapped;
    }
    @SuppressWarnings("unchecked")
    T value = (T) getObject(index);
    return value;
  }

  private IllegalArgumentException wrongType(int index, Class<?> requested) {
    DataType type = page.columnDefinitions().get(index).type();
    return new IllegalArgumentException(
        "column "
            + index
            + " '"
            + page.columnDefinitions().get(index).name()
            + "' is "
            + type.asCql()
            + " (read as "
            + page.codec(index).javaType().getName()
            + "), not "
            + requested.getTypeName());
  }

  private static Class<?> box(Class<?> type) {
    if (!type.isPrimitive()) {
      return type;
    }
    if (type == int.class) {
      return Integer.class;
    } else if (type == long.class) {
      return Long.class;
    } else if (type == boolean.class) {
      return Boolean.class;
    } else if (type == double.class) {
      return Double.class;
    } else if (type == float.class) {
      return Float.class;
    } else if (type == short.class) {
      return Short.class;
    } else if (type == byte.class) {
      return Byte.class;
    }
    return type;
  }

  @Override
  public <T> T get(int index, Class<T> type) {
    if (type == float[].class) {
      return type.cast(getFloatVector(index));
    }
    @SuppressWarnings("unchecked")
    T value = (T) typed(index, type);
    return value;
  }

  @Override
  public <T> T get(String name, Class<T> type) {
    return get(index(name), type);
  }

  @Override
  public String getString(int index) {
    return typed(index, String.class);
  }

  @Override
  public String getString(String name) {
    return getString(index(name));
  }

  @Override
  public int getInt(int index) {
    int offset = cell(index);
    if (page.codec(index).cqlType() == PrimitiveType.INT) {
      // read in place, unboxed; a null reads 0, and an empty or malformed cell takes the codec's
      // path below (null, or its error)
      int length = page.rows().cellLength(offset);
      if (length == 4) {
        return page.rows().intAt(offset + 4);
      } else if (length < 0) {
        return 0;
      }
    }
    Integer value = typed(index, Integer.class);
    return value == null ? 0 : value;
  }

  @Override
  public int getInt(String name) {
    return getInt(index(name));
  }

  @Override
  public long getLong(int index) {
    int offset = cell(index);
    if (page.codec(index).cqlType() == PrimitiveType.BIGINT) {
      int length = page.rows().cellLength(offset); // as getInt: in place, unboxed
      if (length == 8) {
        return page.rows().longAt(offset + 4);
      } else if (length < 0) {
        return 0L;
      }
    }
    Long value = typed(index, Long.class);
    return value == null ? 0L : value;
  }

  @Override
  public long getLong(String name) {
    return getLong(index(name));
  }

  @Override
  public boolean getBoolean(int index) {
    Boolean value = typed(index, Boolean.class);
    return value != null && value;
  }

  @Override
  public boolean getBoolean(String name) {
    return getBoolean(index(name));
  }

  @Override
  public double getDouble(int index) {
    Double value = typed(index, Double.class);
    return value == null ? 0.0 : value;
  }

  @Override
  public double getDouble(String name) {
    return getDouble(index(name));
  }

  @Override
  public float getFloat(int index) {
    Float value = typed(index, Float.class);
    return value == null ? 0.0f : value;
  }

  @Override
  public float getFloat(String name) {
    return getFloat(index(name));
  }

  @Override
  public UUID getUuid(int index) {
    return typed(index, UUID.class);
  }

  @Override
  public UUID getUuid(String name) {
    return getUuid(index(name));
  }

  @Override
  public Instant getInstant(int index) {
    return typed(index, Instant.class);
  }

  @Override
  public Instant getInstant(String name) {
    return getInstant(index(name));
  }

  @Override
  public ByteBuffer getBytes(int index) {
    return typed(index, ByteBuffer.class);
  }

  @Override
  public ByteBuffer getBytes(String name) {
    return getBytes(index(name));
  }

  private void checkElement(int index, DataType element, Class<?> requested) {
    Class<?> actual = CodecRegistry.DEFAULT.codecFor(element).javaType();
    if (!box(requested).isAssignableFrom(actual)) {
      throw new IllegalArgumentException(
          "column "
              + index
              + " '"
              + page.columnDefinitions().get(index).name()
              + "' is "
              + page.columnDefinitions().get(index).type().asCql()
              + ": its elements are "
              + actual.getName()
              + ", not "
              + requested.getName());
    }
  }

  @Override
  public <T> List<T> getList(int index, Class<T> elementType) {
    checkIndex(index);
    DataType type = page.columnDefinitions().get(index).type();
    if (type instanceof DataType.ListType list) {
      checkElement(index, list.element(), elementType);
    } else if (type instanceof DataType.VectorType vector) {
      checkElement(index, vector.element(), elementType);
    } else {
      throw wrongType(index, List.class);
    }
    @SuppressWarnings("unchecked")
    List<T> value = (List<T>) getObject(index);
    return value == null ? List.of() : value;
  }

  @Override
  public <T> List<T> getList(String name, Class<T> elementType) {
    return getList(index(name), elementType);
  }

  @Override
  public float[] getFloatVector(int index) {
    checkIndex(index);
    if (!(page.columnDefinitions().get(index).type() instanceof DataType.VectorType vector)
        || vector.element() != PrimitiveType.FLOAT) {
      throw wrongType(index, float[].class);
    }
    int offset = cell(index);
    ByteBuf buffer = page.rows().buffer();
    int length = buffer.getInt(offset);
    if (length <= 0) {
      return null; // null, or an empty value (a vector has no empty Java form)
    }
    int dimensions = vector.dimensions();
    if (length != 4L * dimensions) {
      throw new IllegalArgumentException(
          "column "
              + index
              + " '"
              + page.columnDefinitions().get(index).name()
              + "' is "
              + vector.asCql()
              + ", which takes "
              + 4L * dimensions
              + " bytes, but the value has "
              + length);
    }
    float[] floats = new float[dimensions];
    int start = offset + 4;
    for (int i = 0; i < dimensions; i++) {
      floats[i] = buffer.getFloat(start + 4 * i);
    }
    return floats;
  }

  @Override
  public float[] getFloatVector(String name) {
    return getFloatVector(index(name));
  }

  @Override
  public <T> Set<T> getSet(int index, Class<T> elementType) {
    checkIndex(index);
    if (!(page.columnDefinitions().get(index).type() instanceof DataType.SetType set)) {
      throw wrongType(index, Set.class);
    }
    checkElement(index, set.element(), elementType);
    @SuppressWarnings("unchecked")
    Set<T> value = (Set<T>) getObject(index);
    return value == null ? Set.of() : value;
  }

  @Override
  public <T> Set<T> getSet(String name, Class<T> elementType) {
    return getSet(index(name), elementType);
  }

  @Override
  public <K, V> Map<K, V> getMap(int index, Class<K> keyType, Class<V> valueType) {
    checkIndex(index);
    if (!(page.columnDefinitions().get(index).type() instanceof DataType.MapType map)) {
      throw wrongType(index, Map.class);
    }
    checkElement(index, map.key(), keyType);
    checkElement(index, map.value(), valueType);
    @SuppressWarnings("unchecked")
    Map<K, V> value = (Map<K, V>) getObject(index);
    return value == null ? Map.of() : value;
  }

  @Override
  public <K, V> Map<K, V> getMap(String name, Class<K> keyType, Class<V> valueType) {
    return getMap(index(name), keyType, valueType);
  }

  @Override
  public String toString() {
    return "Row[" + row + "]";
  }
}
