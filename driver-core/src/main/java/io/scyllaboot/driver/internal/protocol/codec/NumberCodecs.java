package io.scyllaboot.driver.internal.protocol.codec;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.api.type.DataType;
import io.scyllaboot.driver.api.type.PrimitiveType;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Codecs of the numeric CQL types. Integral types accept any integral Java number whose value fits
 * (an {@code Integer} for a bigint, a {@code Long} of 5 for an int), never a floating-point one.
 * Empty values decode as null.
 */
final class NumberCodecs {
  private NumberCodecs() {}

  static boolean isIntegral(Object value) {
    return value instanceof Integer
        || value instanceof Long
        || value instanceof Short
        || value instanceof Byte
        || (value instanceof BigInteger big && big.bitLength() < 64);
  }

  static boolean fitsIn(Object value, long min, long max) {
    if (!isIntegral(value)) {
      return false;
    }
    long v = ((Number) value).longValue();
    return v >= min && v <= max;
  }

  /** int, bigint, counter, smallint, tinyint: fixed-size two's complement. */
  static final class IntegralCodec<T extends Number> implements TypeCodec<T> {
    private final PrimitiveType type;
    private final Class<T> javaType;
    private final int size;
    private final long min;
    private final long max;

    IntegralCodec(PrimitiveType type, Class<T> javaType, int size) {
      this.type = type;
      this.javaType = javaType;
      this.size = size;
      this.min = size == 8 ? Long.MIN_VALUE : -(1L << (size * 8 - 1));
      this.max = size == 8 ? Long.MAX_VALUE : (1L << (size * 8 - 1)) - 1;
    }

    @Override
    public DataType cqlType() {
      return type;
    }

    @Override
    public Class<T> javaType() {
      return javaType;
    }

    @Override
    public boolean accepts(Object value) {
      return fitsIn(value, min, max);
    }

    @Override
    public int encodedSize(Object value) {
      return size;
    }

    @Override
    public void encode(Object value, ByteBuf out) {
      long v = ((Number) value).longValue();
      switch (size) {
        case 1 -> out.writeByte((int) v);
        case 2 -> out.writeShort((int) v);
        case 4 -> out.writeInt((int) v);
        default -> out.writeLong(v);
      }
    }

    @Override
    public T decode(ByteBuf in, int index, int length) {
      if (length == 0) {
        return null;
      }
      if (length != size) {
        throw new IllegalArgumentException(
            type.asCql() + " value must be " + size + " bytes, got " + length);
      }
      Object value =
          switch (size) {
            case 1 -> in.getByte(index);
            case 2 -> in.getShort(index);
            case 4 -> in.getInt(index);
            default -> in.getLong(index);
          };
      return javaType.cast(value);
    }
  }

  static final class DoubleCodec implements TypeCodec<Double> {
    @Override
    public DataType cqlType() {
      return PrimitiveType.DOUBLE;
    }

    @Override
    public Class<Double> javaType() {
      return Double.class;
    }

    @Override
    public boolean accepts(Object value) {
      return value instanceof Double || value instanceof Float;
    }

    @Override
    public int encodedSize(Object value) {
      return 8;
    }

    @Override
    public void encode(Object value, ByteBuf out) {
      out.writeDouble(((Number) value).doubleValue());
    }

    @Override
    public Double decode(ByteBuf in, int index, int length) {
      return length == 0 ? null : in.getDouble(index);
    }
  }

  static final class FloatCodec implements TypeCodec<Float> {
    @Override
    public DataType cqlType() {
      return PrimitiveType.FLOAT;
    }

    @Override
    public Class<Float> javaType() {
      return Float.class;
    }

    @Override
    public boolean accepts(Object value) {
      return value instanceof Float;
    }

    @Override
    public int encodedSize(Object value) {
      return 4;
    }

    @Override
    public void encode(Object value, ByteBuf out) {
      out.writeFloat((Float) value);
    }

    @Override
    public Float decode(ByteBuf in, int index, int length) {
      return length == 0 ? null : in.getFloat(index);
    }
  }

  /** varint: a big-endian two's complement integer of any length. */
  static final class VarintCodec implements TypeCodec<BigInteger> {
    @Override
    public DataType cqlType() {
      return PrimitiveType.VARINT;
    }

    @Override
    public Class<BigInteger> javaType() {
      return BigInteger.class;
    }

    @Override
    public boolean accepts(Object value) {
      return value instanceof BigInteger || isIntegral(value);
    }

    private static BigInteger toBig(Object value) {
      return value instanceof BigInteger big
          ? big
          : BigInteger.valueOf(((Number) value).longValue());
    }

    @Override
    public int encodedSize(Object value) {
      return toBig(value).bitLength() / 8 + 1;
    }

    @Override
    public void encode(Object value, ByteBuf out) {
      out.writeBytes(toBig(value).toByteArray());
    }

    @Override
    public BigInteger decode(ByteBuf in, int index, int length) {
      if (length == 0) {
        return null;
      }
      byte[] bytes = new byte[length];
      in.getBytes(index, bytes);
      return new BigInteger(bytes);
    }
  }

  /** decimal: an int scale followed by the unscaled value as a varint. */
  static final class DecimalCodec implements TypeCodec<BigDecimal> {
    @Override
    public DataType cqlType() {
      return PrimitiveType.DECIMAL;
    }

    @Override
    public Class<BigDecimal> javaType() {
      return BigDecimal.class;
    }

    @Override
    public boolean accepts(Object value) {
      return value instanceof BigDecimal || value instanceof BigInteger || isIntegral(value);
    }

    private static BigDecimal toDecimal(Object value) {
      if (value instanceof BigDecimal decimal) {
        return decimal;
      }
      if (value instanceof BigInteger big) {
        return new BigDecimal(big);
      }
      return BigDecimal.valueOf(((Number) value).longValue());
    }

    @Override
    public int encodedSize(Object value) {
      return 4 + toDecimal(value).unscaledValue().bitLength() / 8 + 1;
    }

    @Override
    public void encode(Object value, ByteBuf out) {
      BigDecimal decimal = toDecimal(value);
      out.writeInt(decimal.scale());
      out.writeBytes(decimal.unscaledValue().toByteArray());
    }

    @Override
    public BigDecimal decode(ByteBuf in, int index, int length) {
      if (length == 0) {
        return null;
      }
      if (length < 4) {
        throw new IllegalArgumentException("decimal value must be at least 4 bytes, got " + length);
      }
      int scale = in.getInt(index);
      byte[] unscaled = new byte[length - 4];
      in.getBytes(index + 4, unscaled);
      return new BigDecimal(new BigInteger(unscaled), scale);
    }
  }
}
