package io.scyllaboot.driver.internal.protocol.codec;

import io.scyllaboot.driver.api.type.CqlDuration;
import io.scyllaboot.driver.api.type.DataType;
import io.scyllaboot.driver.api.type.PrimitiveType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.Date;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Finds the codec for a CQL type (to bind from metadata and to decode), or for a Java value (to
 * infer the type of an unprepared statement's values). Primitive codecs are singletons in an array
 * indexed by protocol id; composite codecs are built once per distinct type and cached.
 */
public final class CodecRegistry {

  /** The registry every session shares: codecs hold no per-session state. */
  public static final CodecRegistry DEFAULT = new CodecRegistry();

  private static final TypeCodec<?>[] PRIMITIVES = new TypeCodec<?>[0x16];

  static {
    register(new NumberCodecs.IntegralCodec<>(PrimitiveType.INT, Integer.class, 4));
    register(new NumberCodecs.IntegralCodec<>(PrimitiveType.BIGINT, Long.class, 8));
    register(new NumberCodecs.IntegralCodec<>(PrimitiveType.COUNTER, Long.class, 8));
    register(new NumberCodecs.IntegralCodec<>(PrimitiveType.SMALLINT, Short.class, 2));
    register(new NumberCodecs.IntegralCodec<>(PrimitiveType.TINYINT, Byte.class, 1));
    register(new NumberCodecs.DoubleCodec());
    register(new NumberCodecs.FloatCodec());
    register(new NumberCodecs.VarintCodec());
    register(new NumberCodecs.DecimalCodec());
    register(new TextCodec(false));
    register(new TextCodec(true));
    register(new SimpleCodecs.BooleanCodec());
    register(new SimpleCodecs.BlobCodec());
    register(new SimpleCodecs.UuidCodec(false));
    register(new SimpleCodecs.UuidCodec(true));
    register(new SimpleCodecs.TimestampCodec());
    register(new SimpleCodecs.DateCodec());
    register(new SimpleCodecs.TimeCodec());
    register(new SimpleCodecs.InetCodec());
    register(new SimpleCodecs.DurationCodec());
  }

  private static void register(TypeCodec<?> codec) {
    PRIMITIVES[((PrimitiveType) codec.cqlType()).protocolId()] = codec;
  }

  private final ConcurrentMap<DataType, TypeCodec<?>> composites = new ConcurrentHashMap<>();

  /** The codec for values of this CQL type. */
  public TypeCodec<?> codecFor(DataType type) {
    if (type instanceof PrimitiveType primitive) {
      return PRIMITIVES[primitive.protocolId()];
    }
    TypeCodec<?> codec = composites.get(type);
    if (codec == null) {
      // Built outside the map: nested types look up their element codecs recursively, which
      // computeIfAbsent forbids. Two racing threads build equal codecs; the first one is kept.
      codec = CompositeCodecs.build(type, this);
      TypeCodec<?> raced = composites.putIfAbsent(type, codec);
      if (raced != null) {
        codec = raced;
      }
    }
    return codec;
  }

  /**
   * The codec for an unprepared statement's value, chosen by its Java type, or {@code null} when
   * the type cannot be inferred (for example an empty collection, whose element type is unknown).
   */
  public TypeCodec<?> codecForValue(Object value) {
    PrimitiveType type;
    if (value instanceof String) {
      type = PrimitiveType.TEXT;
    } else if (value instanceof Integer) {
      type = PrimitiveType.INT;
    } else if (value instanceof Long) {
      type = PrimitiveType.BIGINT;
    } else if (value instanceof UUID) {
      type = PrimitiveType.UUID;
    } else if (value instanceof Boolean) {
      type = PrimitiveType.BOOLEAN;
    } else if (value instanceof Double) {
      type = PrimitiveType.DOUBLE;
    } else if (value instanceof Float) {
      type = PrimitiveType.FLOAT;
    } else if (value instanceof Instant || value instanceof Date) {
      type = PrimitiveType.TIMESTAMP;
    } else if (value instanceof ByteBuffer || value instanceof byte[]) {
      type = PrimitiveType.BLOB;
    } else if (value instanceof Short) {
      type = PrimitiveType.SMALLINT;
    } else if (value instanceof Byte) {
      type = PrimitiveType.TINYINT;
    } else if (value instanceof BigInteger) {
      type = PrimitiveType.VARINT;
    } else if (value instanceof BigDecimal) {
      type = PrimitiveType.DECIMAL;
    } else if (value instanceof LocalDate) {
      type = PrimitiveType.DATE;
    } else if (value instanceof LocalTime) {
      type = PrimitiveType.TIME;
    } else if (value instanceof InetAddress) {
      type = PrimitiveType.INET;
    } else if (value instanceof CqlDuration) {
      type = PrimitiveType.DURATION;
    } else if (value instanceof CharSequence) {
      type = PrimitiveType.TEXT;
    } else {
      return CompositeCodecs.inferFromValue(value, this);
    }
    return PRIMITIVES[type.protocolId()];
  }
}
