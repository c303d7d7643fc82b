package io.scyllaboot.driver.api.type;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class CqlLiteralsTest {
  @Test
  void should_format_a_tuple_as_the_datastax_driver_does() {
    TupleValue tuple = TupleValue.of(Instant.parse("2020-03-21T14:03:45.123Z"), "Europe/Paris");

    assertThat(tuple.formattedContents()).isEqualTo("('2020-03-21T14:03:45.123Z','Europe/Paris')");
  }

  @Test
  void should_quote_text_dates_and_addresses_and_leave_numbers_bare() throws Exception {
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("street", "O'Hara St");
    fields.put("number", 12);
    fields.put("since", LocalDate.parse("2024-02-29"));
    fields.put("ip", InetAddress.getByName("10.0.0.1"));
    fields.put("note", null);

    assertThat(UdtValue.of(fields).formattedContents())
        .isEqualTo("{street:'O''Hara St',number:12,since:'2024-02-29',ip:'10.0.0.1',note:NULL}");
  }

  @Test
  void should_write_whole_seconds_with_milliseconds_blobs_in_hex_and_nested_collections() {
    UUID id = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");

    assertThat(CqlLiterals.literal(Instant.parse("2020-01-01T00:00:00Z")))
        .isEqualTo("'2020-01-01T00:00:00.000Z'");
    assertThat(CqlLiterals.literal(ByteBuffer.wrap(new byte[] {1, (byte) 0xff})))
        .isEqualTo("0x01ff");
    assertThat(CqlLiterals.literal(List.of(Set.of(1), Map.of("k", id))))
        .isEqualTo("[{1},{'k':" + id + "}]");
    assertThat(CqlLiterals.literal(true)).isEqualTo("true");
  }
}
