package io.scyllaboot.driver.internal.cql;

import io.scyllaboot.driver.api.type.MappingCodec;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * A session's mapping codecs, in registration order: those it was built with, then those registered
 * on it while it runs ({@code session.codecRegistry().register(..)}). Consulted only off the fast
 * path: when a bound value does not fit its marker, or a column is read as a type it does not map
 * to natively. Registration copies the array (it is rare); readers take one volatile read.
 */
public final class MappingCodecs {
  /** No codecs, for statements and pages outside a session; registering on it is refused. */
  public static final MappingCodecs NONE = new MappingCodecs(List.of(), false);

  private final boolean open;
  private volatile MappingCodec<?, ?>[] codecs;

  private MappingCodecs(List<MappingCodec<?, ?>> codecs, boolean open) {
    this.codecs = codecs.toArray(new MappingCodec<?, ?>[0]);
    this.open = open;
  }

  /** A session's codecs, starting with these; more can be {@link #register registered}. */
  public static MappingCodecs of(List<MappingCodec<?, ?>> codecs) {
    return new MappingCodecs(List.copyOf(codecs), true);
  }

  /** Adds codecs after those already there: a value both map goes through the older one. */
  public synchronized void register(List<MappingCodec<?, ?>> added) {
    if (!open) {
      throw new IllegalStateException("these codecs belong to no session");
    }
    MappingCodec<?, ?>[] now = codecs;
    MappingCodec<?, ?>[] grown = Arrays.copyOf(now, now.length + added.size());
    for (int i = 0; i < added.size(); i++) {
      grown[now.length + i] = Objects.requireNonNull(added.get(i), "codec");
    }
    codecs = grown;
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
    for (MappingCodec<?, ?> codec : codecs) { // one volatile read: a snapshot
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
