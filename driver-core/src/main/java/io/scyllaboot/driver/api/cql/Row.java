package io.scyllaboot.driver.api.cql;

import io.scyllaboot.driver.api.type.GenericType;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * One row of a result page. Values are decoded when read, from the page's bytes, which were copied
 * once to the heap when the page arrived.
 *
 * <p><b>Lifetime:</b> a row is immutable and stays readable for as long as it is referenced: after
 * the iteration moved past it, after its result was closed, and from any thread. A kept row keeps
 * its whole page's bytes in memory; map rows to your own objects to keep a few rows of large pages.
 *
 * <p>Getters by name follow {@link ColumnDefinitions#indexOf(String)}. A getter for the wrong type
 * throws {@link IllegalArgumentException} naming the column, its CQL type and the requested type.
 * Primitive getters return 0 / false for a null value; use {@link #isNull} to tell them apart.
 *
 * <p><b>Empty values:</b> a cell may hold a zero-length value, neither null nor a value of its type
 * (see {@link io.scyllaboot.driver.api.type.EmptyValue}); {@link #isEmpty} tells it apart. Text
 * reads as {@code ""}, a blob as an empty buffer; for every other type the object getters ({@code
 * getObject}, {@code get}, {@code getUuid}...) return {@code null}, the primitive getters 0 / false
 * and the collection getters an empty collection.
 */
public interface Row {

  ColumnDefinitions columnDefinitions();

  boolean isNull(int index);

  boolean isNull(String name);

  /** Whether the value is zero bytes long (not null); see the class comment for how it reads. */
  boolean isEmpty(int index);

  boolean isEmpty(String name);

  /**
   * The value at this index as the given Java type, for any CQL type (collections, UDTs, tuples,
   * vectors included); {@code null} for a null value.
   */
  @Nullable <T> T get(int index, Class<T> type);

  @Nullable <T> T get(String name, Class<T> type);

  /**
   * The value at this index as a generic type: a list, set or map of classes as {@link #getList},
   * {@link #getSet} and {@link #getMap} read it, any other type as its raw class ({@code
   * Optional<InetAddress>} through a registered {@code ExtraTypeCodecs.optionalOf}).
   */
  default <T> @Nullable T get(int index, GenericType<T> type) {
    return GenericReads.read(
        type,
        element -> getList(index, element),
        element -> getSet(index, element),
        (key, value) -> getMap(index, key, value),
        raw -> get(index, raw));
  }

  /** As {@link #get(int, GenericType)}, by name. */
  default <T> @Nullable T get(String name, GenericType<T> type) {
    return GenericReads.read(
        type,
        element -> getList(name, element),
        element -> getSet(name, element),
        (key, value) -> getMap(name, key, value),
        raw -> get(name, raw));
  }

  /** The value in the default Java type of its CQL type. */
  @Nullable Object getObject(int index);

  @Nullable Object getObject(String name);

  @Nullable String getString(int index);

  @Nullable String getString(String name);

  int getInt(int index);

  int getInt(String name);

  long getLong(int index);

  long getLong(String name);

  boolean getBoolean(int index);

  boolean getBoolean(String name);

  double getDouble(int index);

  double getDouble(String name);

  float getFloat(int index);

  float getFloat(String name);

  @Nullable UUID getUuid(int index);

  @Nullable UUID getUuid(String name);

  @Nullable Instant getInstant(int index);

  @Nullable Instant getInstant(String name);

  /**
   * A {@code blob} (or custom type) value as a <b>read-only</b> buffer from position 0 to its
   * length (so {@code array()} is not available: copy it with {@code get(byte[])}). Each call
   * returns a buffer of its own position and limit; the content never changes. A value at least
   * half its page's size is a view of the page's heap copy, not a second copy: keeping it keeps
   * that page's bytes (at most its own size again); a smaller value is a copy of its own. (The
   * Apache driver hands out a writable duplicate of the value, which a write changes for every
   * later read of the row.)
   */
  @Nullable ByteBuffer getBytes(int index);

  /** As {@link #getBytes(int)}. */
  @Nullable ByteBuffer getBytes(String name);

  /** The elements of a {@code list} or {@code vector}; an empty list for null. */
  <T> List<T> getList(int index, Class<T> elementType);

  <T> List<T> getList(String name, Class<T> elementType);

  /**
   * A {@code vector<float, n>} value as a new {@code float[n]}, read straight from the page's bytes
   * (no boxed {@code Float} per element, unlike {@link #getList}); {@code null} for a null or empty
   * value. {@code get(index, float[].class)} reads the same way.
   *
   * @throws IllegalArgumentException naming the column when it is not a {@code vector<float, n>}
   */
  float @Nullable [] getFloatVector(int index);

  /** As {@link #getFloatVector(int)}. */
  float @Nullable [] getFloatVector(String name);

  <T> Set<T> getSet(int index, Class<T> elementType);

  <T> Set<T> getSet(String name, Class<T> elementType);

  <K, V> Map<K, V> getMap(int index, Class<K> keyType, Class<V> valueType);

  <K, V> Map<K, V> getMap(String name, Class<K> keyType, Class<V> valueType);
}
