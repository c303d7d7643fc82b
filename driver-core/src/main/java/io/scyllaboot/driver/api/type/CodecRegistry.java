package io.scyllaboot.driver.api.type;

import io.scyllaboot.driver.api.metadata.UserTypeMetadata;

/**
 * A running session's codecs ({@code session.codecRegistry()}), the DataStax driver's {@code
 * MutableCodecRegistry}: the driver's own codec for any CQL type, and codecs of application types
 * registered while the session runs, used from the next bind or read on exactly as those given to
 * {@code CqlSession.builder().addTypeCodecs(..)}. Registering is rare and takes a lock; the request
 * path never does.
 */
public interface CodecRegistry {

  /**
   * The driver's own codec for a CQL type, which maps its bytes to the type's own Java value
   * ({@code Integer} for {@code int}, {@code TupleValue} for a tuple): the inner codec of a {@link
   * MappingCodec}.
   *
   * @throws IllegalArgumentException for a type the driver has no codec for
   */
  <T> TypeCodec<T> codecFor(DataType cqlType);

  /**
   * The driver's own codec for a user-defined type read from the schema ({@code
   * session.metadata().schema().keyspace(ks).flatMap(k -> k.userType(name))}).
   *
   * @throws IllegalArgumentException when a field's type cannot be resolved (a user-defined type
   *     the session's schema metadata does not hold)
   */
  <T> TypeCodec<T> codecFor(UserTypeMetadata userType);

  /** Registers codecs of application types: a value two codecs map goes through the older one. */
  void register(MappingCodec<?, ?>... codecs);

  /** Registers byte-level codecs, each used as {@code addTypeCodecs(TypeCodec...)} uses it. */
  void register(TypeCodec<?>... codecs);
}
