package io.scyllaboot.driver.internal.protocol.codec;

import io.scyllaboot.driver.api.type.DataType;

/** Builds codecs of collection, tuple, UDT, vector and custom types. */
final class CompositeCodecs {
  private CompositeCodecs() {}

  static TypeCodec<?> build(DataType type, CodecRegistry registry) {
    throw new IllegalArgumentException("no codec yet for CQL type " + type.asCql());
  }

  static TypeCodec<?> inferFromValue(Object value, CodecRegistry registry) {
    return null;
  }
}
