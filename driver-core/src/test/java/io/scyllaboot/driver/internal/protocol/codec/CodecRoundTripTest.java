package io.scyllaboot.driver.internal.protocol.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.scyllaboot.driver.api.type.CqlDuration;
import io.scyllaboot.driver.api.type.PrimitiveType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Date;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Round-trips boundary values through every primitive codec of {@link CodecRegistry#DEFAULT}: each
 * value is accepted, encoded with exactly {@code encodedSize} bytes (between unrelated bytes, so
 * that decoding at an index is exercised) and decodes back to an equal value.
 */
class CodecRoundTripTest {

  /** A version-1 (time-based) UUID. */
  private static final UUID TIME_UUID = UUID.fromString("f3a1b2c4-1d2e-11ef-9a3b-0242ac120002");

  /** A version-4 (random) UUID. */
  private static final UUID RANDOM_UUID = UUID.fromString("6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b");

  // ---------------------------------------------------------------------------------------------
  // Registry

  @ParameterizedTest
  @EnumSource(PrimitiveType.class)
  void should_have_a_codec_for_every_primitive_type(PrimitiveType type) {
    TypeCodec<?> codec = CodecRegistry.DEFAULT.codecFor(type);

    assertThat(codec).isNotNull();
    assertThat(codec.cqlType()).isEqualTo(type);
    assertThat(CodecRegistry.DEFAULT.codecFor(type)).isSameAs(codec);
  }

  // ---------------------------------------------------------------------------------------------
  // Round trips

  static Stream<Arguments> boundaryValues() throws UnknownHostException {
    return Stream.of(
        // int, bigint, counter, smallint, tinyint
        arguments(PrimitiveType.INT, Integer.MIN_VALUE),
        arguments(PrimitiveType.INT, -1),
        arguments(PrimitiveType.INT, 0),
        arguments(PrimitiveType.INT, Integer.MAX_VALUE),
        arguments(PrimitiveType.BIGINT, Long.MIN_VALUE),
        arguments(PrimitiveType.BIGINT, 0L),
        arguments(PrimitiveType.BIGINT, Long.MAX_VALUE),
        arguments(PrimitiveType.COUNTER, Long.MIN_VALUE),
        arguments(PrimitiveType.COUNTER, Long.MAX_VALUE),
        arguments(PrimitiveType.SMALLINT, Short.MIN_VALUE),
        arguments(PrimitiveType.SMALLINT, (short) 0),
        arguments(PrimitiveType.SMALLINT, Short.MAX_VALUE),
        arguments(PrimitiveType.TINYINT, Byte.MIN_VALUE),
        arguments(PrimitiveType.TINYINT, (byte) 0),
        arguments(PrimitiveType.TINYINT, Byte.MAX_VALUE),
        // double, float (NaN and -0.0 compare by bits with Double/Float.equals)
        arguments(PrimitiveType.DOUBLE, 0.0),
        arguments(PrimitiveType.DOUBLE, -0.0),
        arguments(PrimitiveType.DOUBLE, Double.NaN),
        arguments(PrimitiveType.DOUBLE, Double.POSITIVE_INFINITY),
        arguments(PrimitiveType.DOUBLE, Double.NEGATIVE_INFINITY),
        arguments(PrimitiveType.DOUBLE, Double.MAX_VALUE),
        arguments(PrimitiveType.DOUBLE, -Double.MAX_VALUE),
        arguments(PrimitiveType.DOUBLE, Double.MIN_VALUE),
        arguments(PrimitiveType.DOUBLE, Math.PI),
        arguments(PrimitiveType.FLOAT, 0.0f),
        arguments(PrimitiveType.FLOAT, -0.0f),
        arguments(PrimitiveType.FLOAT, Float.NaN),
        arguments(PrimitiveType.FLOAT, Float.POSITIVE_INFINITY),
        arguments(PrimitiveType.FLOAT, Float.NEGATIVE_INFINITY),
        arguments(PrimitiveType.FLOAT, Float.MAX_VALUE),
        arguments(PrimitiveType.FLOAT, Float.MIN_VALUE),
        arguments(PrimitiveType.FLOAT, -1.5f),
        // varint
        arguments(PrimitiveType.VARINT, BigInteger.ZERO),
        arguments(PrimitiveType.VARINT, BigInteger.ONE),
        arguments(PrimitiveType.VARINT, BigInteger.ONE.negate()),
        arguments(PrimitiveType.VARINT, BigInteger.valueOf(127)),
        arguments(PrimitiveType.VARINT, BigInteger.valueOf(128)),
        arguments(PrimitiveType.VARINT, BigInteger.valueOf(-128)),
        arguments(PrimitiveType.VARINT, BigInteger.valueOf(-129)),
        arguments(PrimitiveType.VARINT, BigInteger.valueOf(Long.MIN_VALUE)),
        arguments(PrimitiveType.VARINT, BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.ONE)),
        arguments(PrimitiveType.VARINT, BigInteger.TWO.pow(1000).negate()),
        arguments(PrimitiveType.VARINT, new BigInteger("9".repeat(300))),
        // decimal (equals also compares the scale, which must survive)
        arguments(PrimitiveType.DECIMAL, BigDecimal.ZERO),
        arguments(PrimitiveType.DECIMAL, new BigDecimal("0.000")),
        arguments(PrimitiveType.DECIMAL, new BigDecimal("-1.5")),
        arguments(PrimitiveType.DECIMAL, new BigDecimal("-128")),
        arguments(PrimitiveType.DECIMAL, new BigDecimal("1E+400")),
        arguments(PrimitiveType.DECIMAL, new BigDecimal("-1E-400")),
        arguments(PrimitiveType.DECIMAL, new BigDecimal("3." + "14159265358979".repeat(20))),
        // text, ascii
        arguments(PrimitiveType.TEXT, ""),
        arguments(PrimitiveType.TEXT, "plain"),
        arguments(PrimitiveType.TEXT, "héllo wörld, ça va"),
        arguments(PrimitiveType.TEXT, "emoji 😀👍🏽 and clef 𝄞"),
        arguments(PrimitiveType.TEXT, "中文 日本語 한국어"),
        arguments(PrimitiveType.TEXT, "nul\u0000inside"),
        arguments(PrimitiveType.TEXT, "x".repeat(70_000)),
        arguments(PrimitiveType.ASCII, ""),
        arguments(PrimitiveType.ASCII, "plain ascii ~ \u0000 \u007F"),
        // boolean
        arguments(PrimitiveType.BOOLEAN, true),
        arguments(PrimitiveType.BOOLEAN, false),
        // uuid, timeuuid
        arguments(PrimitiveType.UUID, RANDOM_UUID),
        arguments(PrimitiveType.UUID, TIME_UUID),
        arguments(PrimitiveType.UUID, new UUID(0, 0)),
        arguments(PrimitiveType.UUID, new UUID(-1, -1)),
        arguments(PrimitiveType.TIMEUUID, TIME_UUID),
        // timestamp
        arguments(PrimitiveType.TIMESTAMP, Instant.EPOCH),
        arguments(PrimitiveType.TIMESTAMP, Instant.ofEpochMilli(-1)),
        arguments(PrimitiveType.TIMESTAMP, Instant.parse("1900-01-01T00:00:00Z")),
        arguments(PrimitiveType.TIMESTAMP, Instant.parse("2262-04-11T23:47:16.854Z")),
        arguments(PrimitiveType.TIMESTAMP, Instant.ofEpochMilli(Long.MIN_VALUE)),
        arguments(PrimitiveType.TIMESTAMP, Instant.ofEpochMilli(Long.MAX_VALUE)),
        // date
        arguments(PrimitiveType.DATE, LocalDate.EPOCH),
        arguments(PrimitiveType.DATE, LocalDate.of(1969, 12, 31)),
        arguments(PrimitiveType.DATE, LocalDate.of(1, 1, 1)),
        arguments(PrimitiveType.DATE, LocalDate.of(-44, 3, 15)),
        arguments(PrimitiveType.DATE, LocalDate.of(9999, 12, 31)),
        arguments(PrimitiveType.DATE, LocalDate.ofEpochDay(Integer.MIN_VALUE)),
        arguments(PrimitiveType.DATE, LocalDate.ofEpochDay(Integer.MAX_VALUE)),
        // time
        arguments(PrimitiveType.TIME, LocalTime.MIDNIGHT),
        arguments(PrimitiveType.TIME, LocalTime.ofNanoOfDay(1)),
        arguments(PrimitiveType.TIME, LocalTime.NOON),
        arguments(PrimitiveType.TIME, LocalTime.MAX),
        // inet
        arguments(PrimitiveType.INET, InetAddress.getByName("127.0.0.1")),
        arguments(PrimitiveType.INET, InetAddress.getByName("0.0.0.0")),
        arguments(PrimitiveType.INET, InetAddress.getByName("255.255.255.255")),
        arguments(PrimitiveType.INET, InetAddress.getByName("::1")),
        arguments(PrimitiveType.INET, InetAddress.getByName("2001:db8::ff00:42:8329")),
        arguments(
            PrimitiveType.INET, InetAddress.getByName("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff")),
        // duration
        arguments(PrimitiveType.DURATION, new CqlDuration(0, 0, 0)),
        arguments(PrimitiveType.DURATION, new CqlDuration(1, 2, 3)),
        arguments(PrimitiveType.DURATION, new CqlDuration(-1, -2, -3)),
        arguments(PrimitiveType.DURATION, new CqlDuration(0, 0, 86_400_000_000_000L)),
        arguments(PrimitiveType.DURATION, new CqlDuration(-14, 0, -1)),
        arguments(
            PrimitiveType.DURATION,
            new CqlDuration(Integer.MAX_VALUE, Integer.MAX_VALUE, Long.MAX_VALUE)),
        arguments(
            PrimitiveType.DURATION,
            new CqlDuration(Integer.MIN_VALUE, Integer.MIN_VALUE, Long.MIN_VALUE)));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("boundaryValues")
  void should_round_trip_boundary_value(PrimitiveType type, Object value) {
    assertThat(roundTrip(type, value)).isEqualTo(value);
  }

  @Test
  void should_keep_raw_bits_of_negative_zero() {
    Object decodedDouble = roundTrip(PrimitiveType.DOUBLE, -0.0);
    Object decodedFloat = roundTrip(PrimitiveType.FLOAT, -0.0f);

    assertThat(Double.doubleToRawLongBits((Double) decodedDouble))
        .isEqualTo(Double.doubleToRawLongBits(-0.0))
        .isNotEqualTo(Double.doubleToRawLongBits(0.0));
    assertThat(Float.floatToRawIntBits((Float) decodedFloat))
        .isEqualTo(Float.floatToRawIntBits(-0.0f))
        .isNotEqualTo(Float.floatToRawIntBits(0.0f));
    assertThat(encode(PrimitiveType.DOUBLE, -0.0)).isEqualTo("8000000000000000");
    assertThat(encode(PrimitiveType.FLOAT, -0.0f)).isEqualTo("80000000");
  }

  @Test
  void should_keep_raw_bits_of_nan_payload() {
    double nan = Double.longBitsToDouble(0x7FF8_0000_0000_0123L);
    float nanF = Float.intBitsToFloat(0x7FC0_0123);

    assertThat(Double.doubleToRawLongBits((Double) roundTrip(PrimitiveType.DOUBLE, nan)))
        .isEqualTo(0x7FF8_0000_0000_0123L);
    assertThat(Float.floatToRawIntBits((Float) roundTrip(PrimitiveType.FLOAT, nanF)))
        .isEqualTo(0x7FC0_0123);
  }

  @Test
  void should_encode_integral_types_as_big_endian_twos_complement() {
    assertThat(encode(PrimitiveType.INT, Integer.MIN_VALUE)).isEqualTo("80000000");
    assertThat(encode(PrimitiveType.INT, -2)).isEqualTo("fffffffe");
    assertThat(encode(PrimitiveType.BIGINT, 1L)).isEqualTo("0000000000000001");
    assertThat(encode(PrimitiveType.SMALLINT, (short) -1)).isEqualTo("ffff");
    assertThat(encode(PrimitiveType.TINYINT, (byte) 0x7F)).isEqualTo("7f");
  }

  @Test
  void should_encode_varint_and_decimal_in_minimal_twos_complement() {
    assertThat(encode(PrimitiveType.VARINT, BigInteger.ZERO)).isEqualTo("00");
    assertThat(encode(PrimitiveType.VARINT, BigInteger.valueOf(128))).isEqualTo("0080");
    assertThat(encode(PrimitiveType.VARINT, BigInteger.valueOf(-128))).isEqualTo("80");
    assertThat(encode(PrimitiveType.VARINT, BigInteger.valueOf(-129))).isEqualTo("ff7f");
    assertThat(encode(PrimitiveType.DECIMAL, new BigDecimal("-1.5"))).isEqualTo("00000001f1");
  }

  @Test
  void should_encode_text_as_utf8_and_surrogate_pairs_as_four_bytes() {
    String emoji = "a😀";

    assertThat(encode(PrimitiveType.TEXT, emoji))
        .isEqualTo(HexFormat.of().formatHex(emoji.getBytes(StandardCharsets.UTF_8)))
        .isEqualTo("61f09f9880");
  }

  @Test
  void should_encode_date_as_unsigned_days_centred_on_epoch() {
    assertThat(encode(PrimitiveType.DATE, LocalDate.EPOCH)).isEqualTo("80000000");
    assertThat(encode(PrimitiveType.DATE, LocalDate.of(1969, 12, 31))).isEqualTo("7fffffff");
    assertThat(encode(PrimitiveType.DATE, LocalDate.ofEpochDay(Integer.MIN_VALUE)))
        .isEqualTo("00000000");
    assertThat(encode(PrimitiveType.DATE, LocalDate.ofEpochDay(Integer.MAX_VALUE)))
        .isEqualTo("ffffffff");
  }

  @Test
  void should_encode_time_as_nanoseconds_since_midnight() {
    assertThat(encode(PrimitiveType.TIME, LocalTime.MIDNIGHT)).isEqualTo("0000000000000000");
    assertThat(encode(PrimitiveType.TIME, LocalTime.MAX))
        .isEqualTo(String.format("%016x", 86_400_000_000_000L - 1));
  }

  @Test
  void should_encode_duration_as_three_zigzag_vints() {
    assertThat(encode(PrimitiveType.DURATION, new CqlDuration(1, 2, 3))).isEqualTo("020406");
    assertThat(encode(PrimitiveType.DURATION, new CqlDuration(-1, -2, -3))).isEqualTo("010305");
    assertThat(encode(PrimitiveType.DURATION, new CqlDuration(0, 0, 64))).isEqualTo("00008080");
  }

  @Test
  void should_truncate_timestamp_to_milliseconds() {
    Instant withNanos = Instant.ofEpochSecond(1_700_000_000L, 123_456_789);

    assertThat(roundTrip(PrimitiveType.TIMESTAMP, withNanos))
        .isEqualTo(Instant.ofEpochSecond(1_700_000_000L, 123_000_000));
  }

  @Test
  void should_round_trip_java_util_date_as_timestamp() {
    Date date = new Date(-86_400_000L);

    assertThat(roundTrip(PrimitiveType.TIMESTAMP, date)).isEqualTo(date.toInstant());
  }

  @Test
  void should_round_trip_blob_from_byte_array() {
    byte[] bytes = {0, 1, (byte) 0x80, (byte) 0xFF};

    assertThat(roundTrip(PrimitiveType.BLOB, bytes)).isEqualTo(ByteBuffer.wrap(bytes));
    assertThat(roundTrip(PrimitiveType.BLOB, new byte[0])).isEqualTo(ByteBuffer.allocate(0));
  }

  @Test
  void should_round_trip_remaining_bytes_of_byte_buffer_without_moving_it() {
    ByteBuffer heap = ByteBuffer.wrap(new byte[] {9, 9, 1, 2, 3, 9});
    heap.position(2).limit(5);
    ByteBuffer direct = ByteBuffer.allocateDirect(3).put(new byte[] {4, 5, 6}).flip();

    assertThat(roundTrip(PrimitiveType.BLOB, heap))
        .isEqualTo(ByteBuffer.wrap(new byte[] {1, 2, 3}));
    assertThat(heap.position()).isEqualTo(2);
    assertThat(heap.limit()).isEqualTo(5);
    assertThat(roundTrip(PrimitiveType.BLOB, direct))
        .isEqualTo(ByteBuffer.wrap(new byte[] {4, 5, 6}));
    assertThat(direct.remaining()).isEqualTo(3);
  }

  @Test
  void should_round_trip_text_from_any_char_sequence() {
    assertThat(roundTrip(PrimitiveType.TEXT, new StringBuilder("bücher"))).isEqualTo("bücher");
    assertThat(roundTrip(PrimitiveType.ASCII, new StringBuilder("books"))).isEqualTo("books");
  }

  // ---------------------------------------------------------------------------------------------
  // Lossless conversions

  @Test
  void should_widen_smaller_integral_values_into_bigint() {
    assertThat(roundTrip(PrimitiveType.BIGINT, Integer.MIN_VALUE))
        .isEqualTo((long) Integer.MIN_VALUE);
    assertThat(roundTrip(PrimitiveType.BIGINT, (short) -7)).isEqualTo(-7L);
    assertThat(roundTrip(PrimitiveType.BIGINT, (byte) 3)).isEqualTo(3L);
    assertThat(roundTrip(PrimitiveType.BIGINT, BigInteger.valueOf(Long.MIN_VALUE)))
        .isEqualTo(Long.MIN_VALUE);
  }

  @Test
  void should_narrow_integral_values_that_fit() {
    assertThat(roundTrip(PrimitiveType.INT, 5L)).isEqualTo(5);
    assertThat(roundTrip(PrimitiveType.INT, (long) Integer.MIN_VALUE)).isEqualTo(Integer.MIN_VALUE);
    assertThat(roundTrip(PrimitiveType.SMALLINT, 32_767)).isEqualTo((short) 32_767);
    assertThat(roundTrip(PrimitiveType.TINYINT, -128L)).isEqualTo((byte) -128);
  }

  @Test
  void should_widen_integral_values_into_varint_and_decimal() {
    assertThat(roundTrip(PrimitiveType.VARINT, Long.MIN_VALUE))
        .isEqualTo(BigInteger.valueOf(Long.MIN_VALUE));
    assertThat(roundTrip(PrimitiveType.VARINT, 42)).isEqualTo(BigInteger.valueOf(42));
    assertThat(roundTrip(PrimitiveType.DECIMAL, Long.MAX_VALUE))
        .isEqualTo(BigDecimal.valueOf(Long.MAX_VALUE));
    assertThat(roundTrip(PrimitiveType.DECIMAL, BigInteger.TEN.pow(50)))
        .isEqualTo(new BigDecimal(BigInteger.TEN.pow(50)));
  }

  @Test
  void should_widen_float_into_double() {
    assertThat(roundTrip(PrimitiveType.DOUBLE, 1.1f)).isEqualTo((double) 1.1f);
    assertThat(roundTrip(PrimitiveType.DOUBLE, Float.NaN)).isEqualTo(Double.NaN);
  }

  @Test
  void should_accept_only_lossless_conversions() {
    TypeCodec<?> bigint = CodecRegistry.DEFAULT.codecFor(PrimitiveType.BIGINT);
    TypeCodec<?> integer = CodecRegistry.DEFAULT.codecFor(PrimitiveType.INT);
    TypeCodec<?> smallint = CodecRegistry.DEFAULT.codecFor(PrimitiveType.SMALLINT);
    TypeCodec<?> tinyint = CodecRegistry.DEFAULT.codecFor(PrimitiveType.TINYINT);
    TypeCodec<?> floatCodec = CodecRegistry.DEFAULT.codecFor(PrimitiveType.FLOAT);
    TypeCodec<?> doubleCodec = CodecRegistry.DEFAULT.codecFor(PrimitiveType.DOUBLE);
    TypeCodec<?> varint = CodecRegistry.DEFAULT.codecFor(PrimitiveType.VARINT);
    TypeCodec<?> decimal = CodecRegistry.DEFAULT.codecFor(PrimitiveType.DECIMAL);

    assertThat(bigint.accepts(42)).isTrue();
    assertThat(bigint.accepts(Long.MAX_VALUE)).isTrue();
    assertThat(bigint.accepts(BigInteger.TWO.pow(63))).isFalse();
    assertThat(bigint.accepts(1.0)).isFalse();
    assertThat(bigint.accepts("1")).isFalse();
    assertThat(bigint.accepts(null)).isFalse();

    assertThat(integer.accepts(5L)).isTrue();
    assertThat(integer.accepts((long) Integer.MAX_VALUE + 1)).isFalse();
    assertThat(integer.accepts((long) Integer.MIN_VALUE - 1)).isFalse();
    assertThat(integer.accepts(Long.MIN_VALUE)).isFalse();
    assertThat(integer.accepts(1.0f)).isFalse();

    assertThat(smallint.accepts(32_768)).isFalse();
    assertThat(smallint.accepts(-32_768)).isTrue();
    assertThat(tinyint.accepts(128)).isFalse();
    assertThat(tinyint.accepts(-128)).isTrue();

    assertThat(floatCodec.accepts(1.5f)).isTrue();
    assertThat(floatCodec.accepts(1.5)).isFalse();
    assertThat(floatCodec.accepts(1)).isFalse();
    assertThat(doubleCodec.accepts(1.5f)).isTrue();
    assertThat(doubleCodec.accepts(1.5)).isTrue();

    assertThat(varint.accepts(BigInteger.TWO.pow(200))).isTrue();
    assertThat(varint.accepts(7)).isTrue();
    assertThat(varint.accepts(1.0)).isFalse();
    assertThat(varint.accepts(BigDecimal.ONE)).isFalse();
    assertThat(decimal.accepts(BigDecimal.ONE)).isTrue();
    assertThat(decimal.accepts(BigInteger.ONE)).isTrue();
    assertThat(decimal.accepts(3L)).isTrue();
    assertThat(decimal.accepts(1.5)).isFalse();
  }

  @Test
  void should_refuse_non_ascii_text_for_ascii() {
    TypeCodec<?> ascii = CodecRegistry.DEFAULT.codecFor(PrimitiveType.ASCII);
    TypeCodec<?> text = CodecRegistry.DEFAULT.codecFor(PrimitiveType.TEXT);

    assertThat(ascii.accepts("abc")).isTrue();
    assertThat(ascii.accepts("café")).isFalse();
    assertThat(ascii.accepts("\u0080")).isFalse();
    assertThat(ascii.accepts("😀")).isFalse();
    assertThat(ascii.accepts(42)).isFalse();
    assertThat(text.accepts("café 😀")).isTrue();
    assertThat(text.accepts(new StringBuilder("x"))).isTrue();
    assertThat(text.accepts('x')).isFalse();
  }

  @Test
  void should_refuse_a_random_uuid_for_timeuuid() {
    TypeCodec<?> timeuuid = CodecRegistry.DEFAULT.codecFor(PrimitiveType.TIMEUUID);
    TypeCodec<?> uuid = CodecRegistry.DEFAULT.codecFor(PrimitiveType.UUID);

    assertThat(RANDOM_UUID.version()).isEqualTo(4);
    assertThat(timeuuid.accepts(RANDOM_UUID)).isFalse();
    assertThat(timeuuid.accepts(UUID.randomUUID())).isFalse();
    assertThat(timeuuid.accepts(TIME_UUID)).isTrue();
    assertThat(uuid.accepts(RANDOM_UUID)).isTrue();
    assertThat(uuid.accepts(TIME_UUID)).isTrue();
    assertThat(uuid.accepts(RANDOM_UUID.toString())).isFalse();
  }

  @Test
  void should_refuse_dates_outside_the_cql_range() {
    TypeCodec<?> date = CodecRegistry.DEFAULT.codecFor(PrimitiveType.DATE);

    assertThat(date.accepts(LocalDate.ofEpochDay(Integer.MIN_VALUE))).isTrue();
    assertThat(date.accepts(LocalDate.ofEpochDay(Integer.MAX_VALUE))).isTrue();
    assertThat(date.accepts(LocalDate.ofEpochDay((long) Integer.MIN_VALUE - 1))).isFalse();
    assertThat(date.accepts(LocalDate.ofEpochDay((long) Integer.MAX_VALUE + 1))).isFalse();
    assertThat(date.accepts(LocalDate.MAX)).isFalse();
    assertThat(date.accepts(LocalDate.MIN)).isFalse();
  }

  @Test
  void should_refuse_instants_outside_the_millisecond_range() {
    TypeCodec<?> timestamp = CodecRegistry.DEFAULT.codecFor(PrimitiveType.TIMESTAMP);

    assertThat(timestamp.accepts(Instant.ofEpochMilli(Long.MAX_VALUE))).isTrue();
    assertThat(timestamp.accepts(Instant.ofEpochMilli(Long.MIN_VALUE))).isTrue();
    Instant lastMillisecond = Instant.ofEpochMilli(Long.MAX_VALUE).plusNanos(999_999);
    assertThat(timestamp.accepts(lastMillisecond)).isTrue();
    assertThat(roundTrip(PrimitiveType.TIMESTAMP, lastMillisecond))
        .isEqualTo(Instant.ofEpochMilli(Long.MAX_VALUE));
    assertThat(timestamp.accepts(lastMillisecond.plusNanos(1))).isFalse();
    assertThat(timestamp.accepts(Instant.ofEpochMilli(Long.MIN_VALUE).minusNanos(1))).isFalse();
    assertThat(timestamp.accepts(Instant.MAX)).isFalse();
    assertThat(timestamp.accepts(Instant.MIN)).isFalse();
    assertThat(timestamp.accepts(new Date(Long.MIN_VALUE))).isTrue();
    assertThat(timestamp.accepts(LocalDate.EPOCH)).isFalse();
  }

  @Test
  void should_accept_blob_only_as_bytes() {
    TypeCodec<?> blob = CodecRegistry.DEFAULT.codecFor(PrimitiveType.BLOB);

    assertThat(blob.accepts(new byte[0])).isTrue();
    assertThat(blob.accepts(ByteBuffer.allocate(1))).isTrue();
    assertThat(blob.accepts("bytes")).isFalse();
  }

  // ---------------------------------------------------------------------------------------------
  // Decoding edge cases

  @ParameterizedTest
  @EnumSource(
      value = PrimitiveType.class,
      names = {"TEXT", "ASCII", "BLOB"},
      mode = EnumSource.Mode.EXCLUDE)
  void should_decode_empty_value_as_null(PrimitiveType type) {
    ByteBuf buf = ByteBufAllocator.DEFAULT.buffer(4).writeInt(0x12345678);
    try {
      assertThat(CodecRegistry.DEFAULT.codecFor(type).decode(buf, 2, 0)).isNull();
    } finally {
      buf.release();
    }
  }

  @Test
  void should_decode_empty_text_and_blob_as_empty_values() {
    ByteBuf buf = ByteBufAllocator.DEFAULT.buffer(4).writeInt(0x12345678);
    try {
      assertThat(CodecRegistry.DEFAULT.codecFor(PrimitiveType.TEXT).decode(buf, 1, 0))
          .isEqualTo("");
      assertThat(CodecRegistry.DEFAULT.codecFor(PrimitiveType.ASCII).decode(buf, 1, 0))
          .isEqualTo("");
      assertThat(CodecRegistry.DEFAULT.codecFor(PrimitiveType.BLOB).decode(buf, 1, 0))
          .isEqualTo(ByteBuffer.allocate(0));
    } finally {
      buf.release();
    }
  }

  @Test
  void should_refuse_to_decode_fixed_size_value_of_wrong_length() {
    ByteBuf buf = ByteBufAllocator.DEFAULT.buffer(16).writeZero(16);
    try {
      assertThatThrownBy(() -> CodecRegistry.DEFAULT.codecFor(PrimitiveType.INT).decode(buf, 0, 3))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("4 bytes");
      assertThatThrownBy(
              () -> CodecRegistry.DEFAULT.codecFor(PrimitiveType.BIGINT).decode(buf, 0, 4))
          .isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> CodecRegistry.DEFAULT.codecFor(PrimitiveType.UUID).decode(buf, 0, 8))
          .isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> CodecRegistry.DEFAULT.codecFor(PrimitiveType.INET).decode(buf, 0, 5))
          .isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(
              () -> CodecRegistry.DEFAULT.codecFor(PrimitiveType.DECIMAL).decode(buf, 0, 3))
          .isInstanceOf(IllegalArgumentException.class);
    } finally {
      buf.release();
    }
  }

  // ---------------------------------------------------------------------------------------------
  // VInts

  static Stream<Long> vintValues() {
    List<Long> values = new ArrayList<>();
    for (int bit = 0; bit < 64; bit++) {
      long power = 1L << bit;
      values.add(power);
      values.add(power - 1);
      values.add(power + 1);
      values.add(-power);
      values.add(-power + 1);
      values.add(-power - 1);
    }
    values.addAll(List.of(0L, 63L, 64L, 127L, 128L, -64L, -65L, Long.MIN_VALUE, Long.MAX_VALUE));
    values.addAll(List.of(Long.MIN_VALUE + 1, Long.MAX_VALUE - 1, 0x0123_4567_89AB_CDEFL));
    return values.stream().distinct();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("vintValues")
  void should_round_trip_signed_and_unsigned_vints(long value) {
    ByteBuf buf = ByteBufAllocator.DEFAULT.buffer(32);
    try {
      VInts.writeSigned(buf, value);
      assertThat(buf.readableBytes()).isEqualTo(VInts.signedSize(value)).isBetween(1, 9);
      int signedEnd = buf.writerIndex();
      VInts.writeUnsigned(buf, value);
      assertThat(buf.writerIndex() - signedEnd).isEqualTo(VInts.unsignedSize(value));

      assertThat(VInts.readSigned(buf)).isEqualTo(value);
      assertThat(buf.readerIndex()).isEqualTo(signedEnd);
      assertThat(VInts.readUnsigned(buf)).isEqualTo(value);
      assertThat(buf.isReadable()).isFalse();
    } finally {
      buf.release();
    }
  }

  @Test
  void should_encode_vints_with_leading_one_bits_counting_extra_bytes() {
    assertThat(unsignedVint(0)).isEqualTo("00");
    assertThat(unsignedVint(127)).isEqualTo("7f");
    assertThat(unsignedVint(128)).isEqualTo("8080");
    assertThat(unsignedVint(16_383)).isEqualTo("bfff");
    assertThat(unsignedVint(16_384)).isEqualTo("c04000");
    assertThat(unsignedVint(-1L)).isEqualTo("ffffffffffffffffff");
    assertThat(unsignedVint(Long.MAX_VALUE)).isEqualTo("ff7fffffffffffffff");
    assertThat(unsignedVint(1L << 55)).isEqualTo("fe80000000000000");
    assertThat(unsignedVint(1L << 56)).isEqualTo("ff0100000000000000");
    assertThat(unsignedVint((1L << 56) - 1)).isEqualTo("feffffffffffffff");
  }

  @Test
  void should_zigzag_signed_vints() {
    assertThat(signedVint(0)).isEqualTo("00");
    assertThat(signedVint(-1)).isEqualTo("01");
    assertThat(signedVint(1)).isEqualTo("02");
    assertThat(signedVint(-64)).isEqualTo("7f");
    assertThat(signedVint(64)).isEqualTo("8080");
    assertThat(signedVint(Long.MIN_VALUE)).isEqualTo("ffffffffffffffffff");
    assertThat(signedVint(Long.MAX_VALUE)).isEqualTo("fffffffffffffffffe");
  }

  // ---------------------------------------------------------------------------------------------
  // Helpers

  private static final byte[] BEFORE = {(byte) 0xA5, (byte) 0xA5, (byte) 0xA5};
  private static final byte[] AFTER = {(byte) 0x5A, (byte) 0x5A};

  /**
   * Checks {@code accepts}, encodes between unrelated bytes into a buffer that cannot grow past the
   * announced size, and decodes at the value's index.
   */
  private static Object roundTrip(PrimitiveType type, Object value) {
    TypeCodec<?> codec = CodecRegistry.DEFAULT.codecFor(type);
    assertThat(codec.accepts(value)).as("%s accepts %s", type, value).isTrue();
    int size = codec.encodedSize(value);
    int capacity = BEFORE.length + size + AFTER.length;
    ByteBuf buf = ByteBufAllocator.DEFAULT.buffer(capacity, capacity);
    try {
      buf.writeBytes(BEFORE);
      codec.encode(value, buf);
      assertThat(buf.writerIndex() - BEFORE.length).as("bytes written").isEqualTo(size);
      buf.writeBytes(AFTER);

      Object decoded = codec.decode(buf, BEFORE.length, size);

      assertThat(buf.readerIndex()).as("decode moved the reader index").isZero();
      assertThat(buf.writerIndex()).isEqualTo(capacity);
      if (decoded != null) {
        assertThat(decoded).isInstanceOf(codec.javaType());
      }
      return decoded;
    } finally {
      buf.release();
    }
  }

  /** The hex of the encoded value, checking that it has the announced size. */
  private static String encode(PrimitiveType type, Object value) {
    TypeCodec<?> codec = CodecRegistry.DEFAULT.codecFor(type);
    assertThat(codec.accepts(value)).isTrue();
    ByteBuf buf = ByteBufAllocator.DEFAULT.buffer();
    try {
      codec.encode(value, buf);
      assertThat(buf.readableBytes()).isEqualTo(codec.encodedSize(value));
      return ByteBufUtil.hexDump(buf);
    } finally {
      buf.release();
    }
  }

  private static String unsignedVint(long value) {
    ByteBuf buf = ByteBufAllocator.DEFAULT.buffer(9);
    try {
      VInts.writeUnsigned(buf, value);
      return ByteBufUtil.hexDump(buf);
    } finally {
      buf.release();
    }
  }

  private static String signedVint(long value) {
    ByteBuf buf = ByteBufAllocator.DEFAULT.buffer(9);
    try {
      VInts.writeSigned(buf, value);
      return ByteBufUtil.hexDump(buf);
    } finally {
      buf.release();
    }
  }
}
