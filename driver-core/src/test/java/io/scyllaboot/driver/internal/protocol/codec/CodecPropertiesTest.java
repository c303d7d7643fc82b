package io.scyllaboot.driver.internal.protocol.codec;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.scyllaboot.driver.api.type.CqlDuration;
import io.scyllaboot.driver.api.type.DataType;
import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.api.type.TupleValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

/**
 * Property-based round trips of every codec: encode any value, check the announced size, decode it
 * back equal. Fixed seed, so a failure reproduces; buffers are pooled and released (the leak
 * detector runs at paranoid).
 */
class CodecPropertiesTest {
  private static final CodecRegistry REGISTRY = CodecRegistry.DEFAULT;

  private static Object roundTrip(DataType type, Object value) {
    TypeCodec<?> codec = REGISTRY.codecFor(type);
    assertThat(codec.accepts(value)).as("%s accepts %s", type.asCql(), value).isTrue();
    int size = codec.encodedSize(value);
    ByteBuf buffer = PooledByteBufAllocator.DEFAULT.directBuffer(size + 3);
    try {
      buffer.writeBytes(new byte[] {9, 9, 9}); // decode must honour the index, not assume 0
      codec.encode(value, buffer);
      assertThat(buffer.readableBytes() - 3).as("encoded size of %s", value).isEqualTo(size);
      return codec.decode(buffer, 3, size);
    } finally {
      buffer.release();
    }
  }

  private static void assertRoundTrip(DataType type, Object value) {
    assertThat(roundTrip(type, value)).isEqualTo(value);
  }

  @Property(seed = "20261130")
  void int_bigint_smallint_tinyint_counter(
      @ForAll int i, @ForAll long l, @ForAll short s, @ForAll byte b) {
    assertRoundTrip(PrimitiveType.INT, i);
    assertRoundTrip(PrimitiveType.BIGINT, l);
    assertRoundTrip(PrimitiveType.COUNTER, l);
    assertRoundTrip(PrimitiveType.SMALLINT, s);
    assertRoundTrip(PrimitiveType.TINYINT, b);
    assertThat(roundTrip(PrimitiveType.BIGINT, i)).isEqualTo((long) i);
  }

  @Property(seed = "20261130")
  void double_and_float_keep_their_bits(@ForAll double d, @ForAll float f) {
    assertThat(Double.doubleToRawLongBits((Double) roundTrip(PrimitiveType.DOUBLE, d)))
        .isEqualTo(Double.doubleToRawLongBits(d));
    assertThat(Float.floatToRawIntBits((Float) roundTrip(PrimitiveType.FLOAT, f)))
        .isEqualTo(Float.floatToRawIntBits(f));
  }

  @Property(seed = "20261130")
  void text_of_any_unicode_and_ascii(@ForAll String text, @ForAll("ascii") String ascii) {
    assertRoundTrip(PrimitiveType.TEXT, text);
    assertRoundTrip(PrimitiveType.ASCII, ascii);
  }

  @net.jqwik.api.Provide
  net.jqwik.api.Arbitrary<String> ascii() {
    return net.jqwik.api.Arbitraries.strings().ascii();
  }

  @Property(seed = "20261130")
  void varint_and_decimal(@ForAll BigInteger big, @ForAll BigDecimal decimal) {
    assertRoundTrip(PrimitiveType.VARINT, big);
    assertRoundTrip(PrimitiveType.DECIMAL, decimal);
  }

  @Property(seed = "20261130")
  void uuid_boolean_blob(
      @ForAll long msb, @ForAll long lsb, @ForAll boolean flag, @ForAll byte[] bytes) {
    assertRoundTrip(PrimitiveType.UUID, new UUID(msb, lsb));
    assertRoundTrip(PrimitiveType.BOOLEAN, flag);
    assertRoundTrip(PrimitiveType.BLOB, ByteBuffer.wrap(bytes));
  }

  @Property(seed = "20261130")
  void dates_times_timestamps(
      @ForAll @LongRange(min = -365_000_000L, max = 365_000_000L) long epochDay,
      @ForAll @LongRange(min = 0, max = 86_399_999_999_999L) long nanoOfDay,
      @ForAll @LongRange(min = -8_000_000_000_000_000L, max = 8_000_000_000_000_000L) long millis) {
    assertRoundTrip(PrimitiveType.DATE, LocalDate.ofEpochDay(epochDay));
    assertRoundTrip(PrimitiveType.TIME, LocalTime.ofNanoOfDay(nanoOfDay));
    assertRoundTrip(PrimitiveType.TIMESTAMP, Instant.ofEpochMilli(millis));
  }

  @Property(seed = "20261130")
  void durations_of_either_sign(
      @ForAll @IntRange(min = 0) int months,
      @ForAll @IntRange(min = 0) int days,
      @ForAll @LongRange(min = 0) long nanos,
      @ForAll boolean negative) {
    CqlDuration duration =
        negative ? new CqlDuration(-months, -days, -nanos) : new CqlDuration(months, days, nanos);
    assertRoundTrip(PrimitiveType.DURATION, duration);
  }

  @Property(seed = "20261130")
  void inet_v4_and_v6(@ForAll @Size(4) byte[] v4, @ForAll @Size(16) byte[] v6)
      throws UnknownHostException {
    assertRoundTrip(PrimitiveType.INET, InetAddress.getByAddress(v4));
    assertRoundTrip(PrimitiveType.INET, InetAddress.getByAddress(v6));
  }

  @Property(seed = "20261130", tries = 300)
  void nested_collections_tuples_and_vectors(
      @ForAll List<Integer> ints,
      @ForAll Set<String> strings,
      @ForAll Map<String, List<Long>> nested,
      @ForAll @Size(3) List<Float> vector,
      @ForAll @Size(2) List<String> textVector) {
    assertRoundTrip(new DataType.ListType(PrimitiveType.INT, false), ints);
    assertRoundTrip(new DataType.SetType(PrimitiveType.TEXT, false), strings);
    assertRoundTrip(
        new DataType.MapType(
            PrimitiveType.TEXT, new DataType.ListType(PrimitiveType.BIGINT, true), false),
        nested);
    assertRoundTrip(new DataType.VectorType(PrimitiveType.FLOAT, 3), vector);
    assertRoundTrip(new DataType.VectorType(PrimitiveType.TEXT, 2), textVector);
    TupleValue tuple = TupleValue.of(ints.isEmpty() ? null : ints.get(0), "t", vector);
    assertRoundTrip(
        new DataType.TupleType(
            List.of(
                PrimitiveType.INT,
                PrimitiveType.TEXT,
                new DataType.ListType(PrimitiveType.FLOAT, true))),
        tuple);
  }

  @Property(seed = "20261130")
  void vint_round_trips(@ForAll long value) {
    ByteBuf buffer = PooledByteBufAllocator.DEFAULT.heapBuffer(10);
    try {
      VInts.writeSigned(buffer, value);
      assertThat(buffer.readableBytes()).isEqualTo(VInts.signedSize(value));
      assertThat(VInts.readSigned(buffer)).isEqualTo(value);
      buffer.clear();
      VInts.writeUnsigned(buffer, value);
      assertThat(buffer.readableBytes()).isEqualTo(VInts.unsignedSize(value));
      assertThat(VInts.readUnsigned(buffer)).isEqualTo(value);
    } finally {
      buffer.release();
    }
  }
}
