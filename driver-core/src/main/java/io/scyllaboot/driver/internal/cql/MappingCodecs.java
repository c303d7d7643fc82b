package io.scyllaboot.driver.internal.cql;

import io.scyllaboot.driver.api.type.MappingCodec;
import java.util.List;
import java.util.function.Predicate;

/**
 * The mapping codecs a session was built with, in registration order. Consulted only off the fast
 * path: when a bound value does not fit its marker, or a column is read as a type it does not map
 * to natively. Immutable.
 */
public final class MappingCodecs {
  public static final MappingCodecs NONE = new MappingCodecs(List.of());

  private final MappingCodec<?, ?>[] codecs;

  private MappingCodecs(List<MappingCodec<?, ?>> codecs) {
    this.codecs = codecs.toArray(new MappingCodec<?, ?>[0]);
  }

  public static MappingCodecs of(List<MappingCodec<?, ?>> codecs) {
    return codecs.isEmpty() ? NONE : new MappingCodecs(List.copyOf(codecs));
  }

  public boolean isEmpty() {
    return codecs.length == 0;
  }

  /** What {@link #toInner} returns when no codec maps the value (null is a mapped value). */
  static final Object NOT_MAPPED = new Object();

  /**
   * The inner value of the first codec whose outer type {@code value} is and whose inner value
   * {@code fits} (null, as an empty {@code Optional} maps to, fits every marker), or {@link
   * #NOT_MAPPED}. A codec that fails to convert is skipped; its exception is rethrown if no other
   * codec fits.
   */
  Object toInner(Object value, Predicate<Object> fits) {
    RuntimeException failure = null;
    for (MappingCodec<?, ?> codec : codecs) {
      if (codec.outerJavaType().isInstance(value)) {
        try {
          Object inner = codec.toInner(value);
          if (inner == null || fits.test(inner)) {
            return inner;
          }
        } catch (RuntimeException e) {
          failure = e;
        }
      }
    }
    if (failure != null) {
      throw failure;
    }
    return NOT_MAPPED;
  }

  /** The first codec that maps a cell read as {@code nativeType} to {@code requested}, or null. */
  MappingCodec<?, ?> forReading(Class<?> nativeType, Class<?> requested) {
    for (MappingCodec<?, ?> codec : codecs) {
      if (requested.isAssignableFrom(codec.outerJavaType())
          && codec.innerJavaType().isAssignableFrom(nativeType)) {
        return codec;
      }
    }
    return null;
  }
}
