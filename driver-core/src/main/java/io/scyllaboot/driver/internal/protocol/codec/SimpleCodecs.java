package io.scyllaboot.driver.internal.protocol.codec;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.api.type.CqlDuration;
import io.scyllaboot.driver.api.type.DataType;
import io.scyllaboot.driver.api.type.PrimitiveType;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.Date;
import java.util.UUID;

/** Codecs of the non-numeric, non-text primitive types. Empty values decode as null. */
final class SimpleCodecs {
  private SimpleCodecs() {}

  static final class BooleanCodec implements TypeCodec<Boolean> {
    @Override
    public DataType cqlType() {
      return PrimitiveType.BOOLEAN;
    }

    @Override
    public Class<Boolean> javaType() {
      return Boolean.class;
    }

    @Override
    public boolean accepts(Object value) {
      return value instanceof Boolean;
    }

    @Override
    public int encodedSize(Object value) {
      return 1;
    }

    @Override
    public void encode(Object value, ByteBuf out) {
      out.writeByte((Boolean) value ? 1 : 0);
    }

    @Override
    public Boolean decode(ByteBuf in, int index, int length) {
      return length == 0 ? null : in.getByte(index) != 0;
    }
  }

  /**
   * blob: accepts a ByteBuffer (its remaining bytes) or a byte[]; decodes to a read-only heap
   * ByteBuffer of its own.
   */
  static final class BlobCodec implements TypeCodec<ByteBuffer> {
    @Override
    public DataType cqlType() {
      return PrimitiveType.BLOB;
    }

    @Override
    public Class<ByteBuffer> javaType() {
      return ByteBuffer.class;
    }

    @Override
    public boolean accepts(Object value) {
      return value instanceof ByteBuffer || value instanceof byte[];
    }

    @Override
    public int encodedSize(Object value) {
      return value instanceof byte[] bytes ? bytes.length : ((ByteBuffer) value).remaining();
    }

    @Override
    public void encode(Object value, ByteBuf out) {
      if (value instanceof byte[] bytes) {
        out.writeBytes(bytes);
      } else {
        out.writeBytes(((ByteBuffer) value).duplicate());
      }
    }

    @Override
    public ByteBuffer decode(ByteBuf in, int index, int length) {
      byte[] bytes = new byte[length];
      in.getBytes(index, bytes);
      return ByteBuffer.wrap(bytes).asReadOnlyBuffer();
    }
  }

  /** uuid accepts any UUID; timeuuid only version-1 (time-based) UUIDs. */
  static final class UuidCodec implements TypeCodec<UUID> {
    private final boolean timeBased;

    UuidCodec(boolean timeBased) {
      this.timeBased = timeBased;
    }

    @Override
    public DataType cqlType() {
      return timeBased ? PrimitiveType.TIMEUUID : PrimitiveType.UUID;
    }

    @Override
    public Class<UUID> javaType() {
      return UUID.class;
    }

    @Override
    public boolean accepts(Object value) {
      return value instanceof UUID uuid && (!timeBased || uuid.version() == 1);
    }

    @Override
    public int encodedSize(Object value) {
      return 16;
    }

    @Override
    public void encode(Object value, ByteBuf out) {
      UUID uuid = (UUID) value;
      out.writeLong(uuid.getMostSignificantBits());
      out.writeLong(uuid.getLeastSignificantBits());
    }

    @Override
    public UUID decode(ByteBuf in, int index, int length) {
      if (length == 0) {
        return null;
      }
      if (length != 16) {
        throw new IllegalArgumentException("uuid value must be 16 bytes, got " + length);
      }
      return new UUID(in.getLong(index), in.getLong(index + 8));
    }
  }

  /** timestamp: milliseconds since the epoch; accepts Instant (truncated to ms) and Date. */
  static final class TimestampCodec implements TypeCodec<Instant> {
    // The instants whose epoch milliseconds fit in a long (toEpochMilli throws beyond them).
    private static final Instant MIN = Instant.ofEpochMilli(Long.MIN_VALUE);
    private static final Instant MAX = Instant.ofEpochMilli(Long.MAX_VALUE).plusNanos(999_999);

    @Override
    public DataType cqlType() {
      return PrimitiveType.TIMESTAMP;
    }

    @Override
    public Class<Instant> javaType() {
      return Instant.class;
    }

    @Override
    public boolean accepts(Object value) {
      return (value instanceof Instant instant && !instant.isBefore(MIN) && !instant.isAfter(MAX))
          || value instanceof Date;
    }

    @Override
    public int encodedSize(Object value) {
      return 8;
    }

    @Override
    public void encode(Object value, ByteBuf out) {
      out.writeLong(
          value instanceof Instant instant ? instant.toEpochMilli() : ((Date) value).getTime());
    }

    @Override
    public Instant decode(ByteBuf in, int index, int length) {
      return length == 0 ? null : Instant.ofEpochMilli(in.getLong(index));
    }
  }

  /** date: days since the epoch as an unsigned int centred on 2^31. */
  static final class DateCodec implements TypeCodec<LocalDate> {
    private static final long EPOCH_OFFSET = 1L << 31;

    @Override
    public DataType cqlType() {
      return PrimitiveType.DATE;
    }

    @Override
    public Class<LocalDate> javaType() {
      return LocalDate.class;
    }

    @Override
    public boolean accepts(Object value) {
      // 2^32 days centred on the epoch: LocalDate reaches much further, and would wrap around.
      return value instanceof LocalDate date
          && date.toEpochDay() >= Integer.MIN_VALUE
          && date.toEpochDay() <= Integer.MAX_VALUE;
    }

    @Override
    public int encodedSize(Object value) {
      return 4;
    }

    @Override
    public void encode(Object value, ByteBuf out) {
      out.writeInt((int) (((LocalDate) value).toEpochDay() + EPOCH_OFFSET));
    }

    @Override
    public LocalDate decode(ByteBuf in, int index, int length) {
      return length == 0 ? null : LocalDate.ofEpochDay(in.getUnsignedInt(index) - EPOCH_OFFSET);
    }
  }

  /** time: nanoseconds since midnight. */
  static final class TimeCodec implements TypeCodec<LocalTime> {
    @Override
    public DataType cqlType() {
      return PrimitiveType.TIME;
    }

    @Override
    public Class<LocalTime> javaType() {
      return LocalTime.class;
    }

    @Override
    public boolean accepts(Object value) {
      return value instanceof LocalTime;
    }

    @Override
    public int encodedSize(Object value) {
      return 8;
    }

    @Override
    public void encode(Object value, ByteBuf out) {
      out.writeLong(((LocalTime) value).toNanoOfDay());
    }

    @Override
    public LocalTime decode(ByteBuf in, int index, int length) {
      return length == 0 ? null : LocalTime.ofNanoOfDay(in.getLong(index));
    }
  }

  /** inet: 4 or 16 address bytes. */
  static final class InetCodec implements TypeCodec<InetAddress> {
    @Override
    public DataType cqlType() {
      return PrimitiveType.INET;
    }

    @Override
    public Class<InetAddress> javaType() {
      return InetAddress.class;
    }

    @Override
    public boolean accepts(Object value) {
      return value instanceof InetAddress;
    }

    @Override
    public int encodedSize(Object value) {
      return ((InetAddress) value).getAddress().length;
    }

    @Override
    public void encode(Object value, ByteBuf out) {
      out.writeBytes(((InetAddress) value).getAddress());
    }

    @Override
    public InetAddress decode(ByteBuf in, int index, int length) {
      if (length == 0) {
        return null;
      }
      byte[] address = new byte[length];
      in.getBytes(index, address);
      try {
        return InetAddress.getByAddress(address);
      } catch (UnknownHostException e) {
        throw new IllegalArgumentException("inet value must be 4 or 16 bytes, got " + length, e);
      }
    }
  }

  /** duration: three signed vints (months, days, nanoseconds). */
  static final class DurationCodec implements TypeCodec<CqlDuration> {
    @Override
    public DataType cqlType() {
      return PrimitiveType.DURATION;
    }

    @Override
    public Class<CqlDuration> javaType() {
      return CqlDuration.class;
    }

    @Override
    public boolean accepts(Object value) {
      return value instanceof CqlDuration;
    }

    @Override
    public int encodedSize(Object value) {
      CqlDuration d = (CqlDuration) value;
      return VInts.signedSize(d.months())
          + VInts.signedSize(d.days())
          + VInts.signedSize(d.nanoseconds());
    }

    @Override
    public void encode(Object value, ByteBuf out) {
      CqlDuration d = (CqlDuration) value;
      VInts.writeSigned(out, d.months());
      VInts.writeSigned(out, d.days());
      VInts.writeSigned(out, d.nanoseconds());
    }

    @Override
    public CqlDuration decode(ByteBuf in, int index, int length) {
      if (length == 0) {
        return null;
      }
      ByteBuf value = in.slice(index, length);
      long months = VInts.readSigned(value);
      long days = VInts.readSigned(value);
      long nanos = VInts.readSigned(value);
      return new CqlDuration((int) months, (int) days, nanos);
    }
  }
}
