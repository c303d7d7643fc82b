package io.scyllaboot.driver.api.type;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Conversions of the ready-made codecs, both ways, without a node. */
class ExtraTypeCodecsTest {
  @Test
  void should_copy_a_blob_without_moving_the_buffer() {
    ByteBuffer blob = ByteBuffer.wrap(new byte[] {9, 1, 2}).position(1);

    byte[] bytes = ExtraTypeCodecs.BLOB_TO_ARRAY.toOuter(blob);

    assertThat(bytes).containsExactly(1, 2);
    assertThat(blob.position()).isEqualTo(1);
    assertThat(ExtraTypeCodecs.BLOB_TO_ARRAY.toInner(new byte[] {4}))
        .isEqualTo(ByteBuffer.wrap(new byte[] {4}));
  }

  @Test
  void should_map_primitive_arrays_and_refuse_a_null_element() {
    assertThat(ExtraTypeCodecs.INT_LIST_TO_ARRAY.toOuter(List.of(1, 2))).containsExactly(1, 2);
    assertThat(ExtraTypeCodecs.DOUBLE_LIST_TO_ARRAY.toInner(new double[] {1.5}))
        .isEqualTo(List.of(1.5));
    assertThat(ExtraTypeCodecs.BOOLEAN_LIST_TO_ARRAY.toOuter(List.of(true))).containsExactly(true);
    assertThatThrownBy(() -> ExtraTypeCodecs.LONG_LIST_TO_ARRAY.toOuter(Arrays.asList(1L, null)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_map_object_arrays_with_null_elements() {
    MappingCodec<List<String>, String[]> codec = ExtraTypeCodecs.listToArrayOf(String.class);

    assertThat(codec.outerJavaType()).isEqualTo(String[].class);
    assertThat(codec.toOuter(List.of("a", "b"))).containsExactly("a", "b");
    assertThat(codec.toInner(new String[] {"a", null})).containsExactly("a", null);
  }

  @Test
  void should_map_timestamps_in_a_zone() {
    Instant instant = Instant.parse("2020-03-21T14:03:45.123Z");

    assertThat(ExtraTypeCodecs.ZONED_TIMESTAMP_UTC.toOuter(instant))
        .isEqualTo(ZonedDateTime.of(2020, 3, 21, 14, 3, 45, 123_000_000, ZoneOffset.UTC));
    assertThat(ExtraTypeCodecs.localTimestampAt(ZoneOffset.ofHours(2)).toOuter(instant))
        .isEqualTo(LocalDateTime.parse("2020-03-21T16:03:45.123"));
    assertThat(
            ExtraTypeCodecs.localTimestampAt(ZoneOffset.ofHours(2))
                .toInner(LocalDateTime.parse("2020-03-21T16:03:45.123")))
        .isEqualTo(instant);
    assertThat(ExtraTypeCodecs.TIMESTAMP_MILLIS_UTC.toOuter(instant))
        .isEqualTo(instant.toEpochMilli());
  }

  @Test
  void should_map_null_to_an_empty_optional_and_back() {
    MappingCodec<String, Optional<String>> codec = ExtraTypeCodecs.optionalOf(String.class);

    assertThat(codec.toOuter(null)).isEmpty();
    assertThat(codec.toOuter("x")).contains("x");
    assertThat(codec.toInner(Optional.empty())).isNull();
  }
}
