package io.scyllaboot.driver.internal.cql;

import io.scyllaboot.driver.api.cql.ColumnDefinition;
import io.scyllaboot.driver.api.cql.ColumnDefinitions;
import io.scyllaboot.driver.api.cql.Unset;
import io.scyllaboot.driver.api.error.InvalidBindValueException;
import io.scyllaboot.driver.api.type.DataType;
import io.scyllaboot.driver.api.type.EmptyValue;
import io.scyllaboot.driver.internal.protocol.codec.CodecRegistry;
import io.scyllaboot.driver.internal.protocol.codec.TypeCodec;
import java.util.Map;

/**
 * Checks values against bind markers before anything is sent: by position against the prepared
 * metadata, or (for unprepared statements) by inferring each value's CQL type from its Java type.
 * Every refusal is an {@link InvalidBindValueException} naming the marker, its CQL type and the
 * Java type given, never the value (it may be a secret).
 */
final class Binder {
  private Binder() {}

  static CodecValues bindPositional(
      String query,
      ColumnDefinitions variables,
      TypeCodec<?>[] codecs,
      MappingCodecs mappings,
      Object[] values) {
    if (values.length == 0) {
      // bind() then set(..) one by one, as the DataStax driver's users write it.
      return new CodecValues(codecs, allUnset(variables));
    }
    if (values.length != variables.size()) {
      throw new InvalidBindValueException(
          "'"
              + query
              + "' has "
              + variables.size()
              + " bind markers but "
              + values.length
              + " values were given");
    }
    Object[] copy = values.clone();
    for (int i = 0; i < copy.length; i++) {
      copy[i] = accept(variables, codecs, mappings, i, copy[i]);
    }
    return new CodecValues(codecs, copy);
  }

  static CodecValues bindNamed(
      String query,
      ColumnDefinitions variables,
      TypeCodec<?>[] codecs,
      MappingCodecs mappings,
      Map<String, ?> byName) {
    Object[] values = allUnset(variables);
    for (Map.Entry<String, ?> entry : byName.entrySet()) {
      bindName(query, variables, codecs, mappings, values, entry.getKey(), entry.getValue());
    }
    return new CodecValues(codecs, values);
  }

  private static Object[] allUnset(ColumnDefinitions variables) {
    Object[] values = new Object[variables.size()];
    java.util.Arrays.fill(values, Unset.VALUE);
    return values;
  }

  /** Binds every marker of a name (WHERE a = :x OR b = :x), or throws if none has it. */
  private static void bindName(
      String query,
      ColumnDefinitions variables,
      TypeCodec<?>[] codecs,
      MappingCodecs mappings,
      Object[] values,
      String name,
      Object value) {
    boolean found = false;
    for (int i = 0; i < variables.size(); i++) {
      if (matches(variables.get(i).name(), name)) {
        values[i] = accept(variables, codecs, mappings, i, value);
        found = true;
      }
    }
    if (!found) {
      throw noMarkerNamed(query, variables, name);
    }
  }

  /** The values with the marker at {@code index} bound to {@code value}; the input is unchanged. */
  static CodecValues set(
      String query,
      ColumnDefinitions variables,
      TypeCodec<?>[] codecs,
      MappingCodecs mappings,
      CodecValues bound,
      int index,
      Object value) {
    if (index < 0 || index >= variables.size()) {
      throw new InvalidBindValueException(
          "'" + query + "' has " + variables.size() + " bind markers: no marker " + index);
    }
    Object accepted = accept(variables, codecs, mappings, index, value);
    Object[] values = bound.copyValues();
    values[index] = accepted;
    return new CodecValues(codecs, values);
  }

  /** The values with every marker named {@code name} bound to {@code value}. */
  static CodecValues set(
      String query,
      ColumnDefinitions variables,
      TypeCodec<?>[] codecs,
      MappingCodecs mappings,
      CodecValues bound,
      String name,
      Object value) {
    Object[] values = bound.copyValues();
    bindName(query, variables, codecs, mappings, values, name, value);
    return new CodecValues(codecs, values);
  }

  private static InvalidBindValueException noMarkerNamed(
      String query, ColumnDefinitions variables, String name) {
    return new InvalidBindValueException(
        "'" + query + "' has no bind marker named '" + name + "'; markers are " + names(variables));
  }

  private static boolean matches(String marker, String name) {
    if (name.length() > 1 && name.startsWith("\"") && name.endsWith("\"")) {
      return marker.equals(name.substring(1, name.length() - 1));
    }
    return marker.equalsIgnoreCase(name);
  }

  private static String names(ColumnDefinitions variables) {
    StringBuilder names = new StringBuilder("[");
    for (int i = 0; i < variables.size(); i++) {
      names.append(i == 0 ? "" : ", ").append(variables.get(i).name());
    }
    return names.append(']').toString();
  }

  /**
   * The value to send for a marker: the value itself when it fits, else what a mapping codec maps
   * it to. Null, unset and empty need no codec; the server refuses an empty value of a type
   * without.
   */
  private static Object accept(
      ColumnDefinitions variables,
      TypeCodec<?>[] codecs,
      MappingCodecs mappings,
      int index,
      Object value) {
    if (value == null
        || value == Unset.VALUE
        || value == EmptyValue.VALUE
        || codecs[index].accepts(value)) {
      return value;
    }
    if (!mappings.isEmpty()) {
      Object inner;
      try {
        inner = mappings.toInner(value, codecs[index]::accepts);
      } catch (RuntimeException e) {
        throw refused(variables, codecs, index, value, e);
      }
      if (inner != MappingCodecs.NOT_MAPPED) {
        return inner;
      }
    }
    throw refused(variables, codecs, index, value, null);
  }

  /**
   * A codec's own failure is named by its exception type only, not attached: its message may quote
   * the value.
   */
  private static InvalidBindValueException refused(
      ColumnDefinitions variables,
      TypeCodec<?>[] codecs,
      int index,
      Object value,
      RuntimeException codecFailure) {
    ColumnDefinition marker = variables.get(index);
    return new InvalidBindValueException(
        "bind marker "
            + index
            + " '"
            + marker.name()
            + "' is "
            + marker.type().asCql()
            + ": cannot encode "
            + describe(codecs[index], value)
            + (codecFailure == null
                ? ""
                : " (its mapping codec threw " + codecFailure.getClass().getName() + ")"));
  }

  /**
   * The value's Java type, never the value: it may be a secret (a password, a token, a card number)
   * headed for an exception message or a log.
   */
  static String describe(Object value) {
    return "a value of Java type " + value.getClass().getTypeName();
  }

  private static String describe(TypeCodec<?> codec, Object value) {
    String type = describe(value);
    if (value instanceof Number
        && codec.javaType() != null
        && Number.class.isAssignableFrom(codec.javaType())) {
      return type + " (out of range, or not convertible without loss)";
    }
    if (value instanceof float[] floats && codec.cqlType() instanceof DataType.VectorType vector) {
      // A length is no secret, and the usual mistake.
      return type + " of " + floats.length + " elements, not " + vector.dimensions();
    }
    return type;
  }

  /** Infers the codec of each value of an unprepared statement from its Java type. */
  static CodecValues bindInferred(
      String query, Object[] values, CodecRegistry registry, MappingCodecs mappings) {
    TypeCodec<?>[] codecs = new TypeCodec<?>[values.length];
    Object[] bound = values.clone();
    for (int i = 0; i < bound.length; i++) {
      Object value = bound[i];
      if (value == null || value == Unset.VALUE || value == EmptyValue.VALUE) {
        continue;
      }
      TypeCodec<?> codec = registry.codecForValue(value);
      if (codec == null && !mappings.isEmpty()) {
        // An application type: its mapping codec's inner value, whose type the driver infers.
        Object inner;
        try {
          inner = mappings.toInner(value, mapped -> registry.codecForValue(mapped) != null);
        } catch (RuntimeException e) {
          throw new InvalidBindValueException(
              "value "
                  + i
                  + " of '"
                  + query
                  + "': its mapping codec threw "
                  + e.getClass().getName()
                  + " for "
                  + describe(value));
        }
        if (inner != MappingCodecs.NOT_MAPPED) {
          bound[i] = inner;
          if (inner == null) {
            continue;
          }
          codec = registry.codecForValue(inner);
        }
      }
      if (codec == null) {
        throw new InvalidBindValueException(
            "value "
                + i
                + " of '"
                + query
                + "': cannot infer a CQL type for "
                + describe(value)
                + "; prepare the statement so that the driver binds it from the server's metadata");
      }
      codecs[i] = codec;
    }
    return new CodecValues(codecs, bound);
  }
}
