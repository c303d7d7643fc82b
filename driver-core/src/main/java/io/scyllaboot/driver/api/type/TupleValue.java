package io.scyllaboot.driver.api.type;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * The value of a CQL {@code tuple<...>}: its components in order, any of which may be null or
 * {@link EmptyValue#VALUE} (a zero-length component). Immutable. To bind a tuple, pass a {@code
 * TupleValue} whose size matches the tuple type.
 */
public final class TupleValue {
  private final List<Object> components;

  private TupleValue(List<Object> components) {
    this.components = components;
  }

  /** A tuple of these components (nulls allowed). */
  public static TupleValue of(Object... components) {
    return new TupleValue(Collections.unmodifiableList(new ArrayList<>(Arrays.asList(components))));
  }

  /**
   * This tuple with the component at this index replaced; this tuple is unchanged. The DataStax
   * driver's {@code setInt(0, 1)}, {@code set(0, 1, Integer.class)}: chain the calls, or keep the
   * result.
   *
   * @throws IndexOutOfBoundsException when the tuple has no such component
   */
  public TupleValue with(int index, Object value) {
    Object[] changed = components.toArray();
    changed[Objects.checkIndex(index, changed.length)] = value;
    return new TupleValue(Collections.unmodifiableList(Arrays.asList(changed)));
  }

  public int size() {
    return components.size();
  }

  /** The component at this index, decoded to the default Java type of its CQL type. */
  public Object get(int index) {
    return components.get(index);
  }

  /**
   * The component at this index, cast to a type; null for a null component, and for an empty one
   * unless {@code type} is {@link EmptyValue} (or Object).
   */
  public <T> T get(int index, Class<T> type) {
    Object component = components.get(index);
    return component == EmptyValue.VALUE && !type.isInstance(component)
        ? null
        : type.cast(component);
  }

  /**
   * Whether the component at this index is zero bytes long on the wire: {@link EmptyValue#VALUE},
   * an empty text or an empty blob.
   */
  public boolean isEmpty(int index) {
    return EmptyValue.isEmpty(components.get(index));
  }

  /** The components as an unmodifiable list. */
  public List<Object> components() {
    return components;
  }

  /**
   * The components as a CQL tuple literal, {@code ('2020-03-21T14:03:45.123Z','Europe/Paris')}: for
   * display (bind values, never format them into a statement).
   */
  public String formattedContents() {
    return CqlLiterals.literal(this);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof TupleValue that && components.equals(that.components);
  }

  @Override
  public int hashCode() {
    return components.hashCode();
  }

  @Override
  public String toString() {
    return "(" + String.join(", ", components.stream().map(String::valueOf).toList()) + ")";
  }
}
