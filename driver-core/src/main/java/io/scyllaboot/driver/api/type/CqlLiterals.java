package io.scyllaboot.driver.api.type;

import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;

/**
 * Java values as CQL literals, as a statement would write them: text, dates, times, timestamps and
 * addresses quoted, numbers, booleans, UUIDs and durations bare, blobs in hex, collections, tuples
 * and UDTs in their brackets, with no spaces (as the DataStax driver formats them). For display
 * ({@code TupleValue.formattedContents()}); values are bound, never formatted into statements, by
 * the driver itself.
 */
public final class CqlLiterals {
  /** Milliseconds always written, so the text reads back as the same timestamp. */
  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSX").withZone(ZoneOffset.UTC);

  private CqlLiterals() {}

  /** The value as a CQL literal ({@code NULL} for null). */
  public static String literal(Object value) {
    if (value == null) {
      return "NULL";
    }
    if (value instanceof String text) {
      return quoted(text);
    }
    if (value instanceof Instant instant) {
      return quoted(TIMESTAMP.format(instant));
    }
    if (value instanceof InetAddress address) {
      return quoted(address.getHostAddress());
    }
    if (value instanceof ByteBuffer bytes) {
      return ByteUtils.toHexString(bytes);
    }
    if (value instanceof TupleValue tuple) {
      return joined(tuple.components(), "(", ")");
    }
    if (value instanceof UdtValue udt) {
      StringJoiner fields = new StringJoiner(",", "{", "}");
      udt.fields().forEach((name, field) -> fields.add(name + ":" + literal(field)));
      return fields.toString();
    }
    if (value instanceof List<?> list) {
      return joined(list, "[", "]");
    }
    if (value instanceof Set<?> set) {
      return joined(set, "{", "}");
    }
    if (value instanceof Map<?, ?> map) {
      StringJoiner entries = new StringJoiner(",", "{", "}");
      map.forEach((key, entry) -> entries.add(literal(key) + ":" + literal(entry)));
      return entries.toString();
    }
    if (value instanceof float[] vector) {
      StringJoiner elements = new StringJoiner(",", "[", "]");
      for (float element : vector) {
        elements.add(Float.toString(element));
      }
      return elements.toString();
    }
    if (value == EmptyValue.VALUE) {
      return "''";
    }
    if (value instanceof Number
        || value instanceof Boolean
        || value instanceof java.util.UUID
        || value instanceof CqlDuration) {
      return value.toString();
    }
    // Dates and times (LocalDate, LocalTime) and anything else: their text, quoted.
    return quoted(value.toString());
  }

  private static String joined(Collection<?> values, String open, String close) {
    StringJoiner elements = new StringJoiner(",", open, close);
    for (Iterator<?> it = values.iterator(); it.hasNext(); ) {
      elements.add(literal(it.next()));
    }
    return elements.toString();
  }

  private static String quoted(String text) {
    return "'" + text.replace("'", "''") + "'";
  }
}
