package io.scyllaboot.driver.api.type;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The value of a user-defined type: field names to values, in the type's field order; a value may
 * be null or {@link EmptyValue#VALUE} (a zero-length field). Immutable. To bind a UDT, pass a
 * {@code UdtValue} or any {@code Map<String, ?>} of field names; fields not given are written as
 * null.
 */
public final class UdtValue {
  private final Map<String, Object> fields;

  private UdtValue(Map<String, Object> fields) {
    this.fields = fields;
  }

  /** A value with these fields, in the map's iteration order (nulls allowed). */
  public static UdtValue of(Map<String, ?> fields) {
    return new UdtValue(Collections.unmodifiableMap(new LinkedHashMap<>(fields)));
  }

  /**
   * This value with one field set (added after the others when absent); this value is unchanged.
   * The DataStax driver's {@code setInt("x", 1)}, {@code set("x", 1, Integer.class)}: chain the
   * calls, or keep the result.
   */
  public UdtValue with(String field, Object value) {
    Map<String, Object> changed = new LinkedHashMap<>(fields);
    changed.put(Objects.requireNonNull(field, "field"), value);
    return new UdtValue(Collections.unmodifiableMap(changed));
  }

  /** The value of a field (null when the field is null or unknown). */
  public Object get(String field) {
    return fields.get(field);
  }

  /**
   * The value of a field, cast to a type; null for a null or unknown field, and for an empty one
   * unless {@code type} is {@link EmptyValue} (or Object).
   */
  public <T> T get(String field, Class<T> type) {
    Object value = fields.get(field);
    return value == EmptyValue.VALUE && !type.isInstance(value) ? null : type.cast(value);
  }

  /**
   * Whether the field is zero bytes long on the wire: {@link EmptyValue#VALUE}, an empty text or an
   * empty blob.
   */
  public boolean isEmpty(String field) {
    return EmptyValue.isEmpty(fields.get(field));
  }

  /** Whether the value has this field. */
  public boolean has(String field) {
    return fields.containsKey(field);
  }

  /** The fields as an unmodifiable map, in field order. */
  public Map<String, Object> fields() {
    return fields;
  }

  /**
   * The fields as a CQL UDT literal, {@code {street:'Main St',number:12}}: for display (bind
   * values, never format them into a statement).
   */
  public String formattedContents() {
    return CqlLiterals.literal(this);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof UdtValue that && fields.equals(that.fields);
  }

  @Override
  public int hashCode() {
    return Objects.hashCode(fields);
  }

  @Override
  public String toString() {
    return fields.toString();
  }
}
