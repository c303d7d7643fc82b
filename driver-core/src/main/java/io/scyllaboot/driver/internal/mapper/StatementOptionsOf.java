package io.scyllaboot.driver.internal.mapper;

import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.cql.StatementOptions;
import io.scyllaboot.driver.api.mapper.annotations.StatementAttributes;
import java.lang.reflect.Method;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A DAO method's {@code @StatementAttributes}, read once into what they do to its statements'
 * options (applied once per prepared statement, not per call).
 */
final class StatementOptionsOf {
  private static final Pattern AMOUNT = Pattern.compile("(\\d+)\\s*(ms|s|m|h)");

  private StatementOptionsOf() {}

  /** What the method's attributes do to a statement's options, or null when it has none. */
  static @Nullable UnaryOperator<StatementOptions> of(Method method) {
    StatementAttributes attributes = method.getAnnotation(StatementAttributes.class);
    if (attributes == null) {
      return null;
    }
    String profile = attributes.executionProfileName();
    int pageSize = attributes.pageSize();
    boolean[] idempotence = attributes.idempotence();
    ConsistencyLevel consistency =
        attributes.consistencyLevel().isEmpty()
            ? null
            : level(method, attributes.consistencyLevel());
    ConsistencyLevel serial =
        attributes.serialConsistencyLevel().isEmpty()
            ? null
            : level(method, attributes.serialConsistencyLevel());
    Duration timeout =
        attributes.timeout().isEmpty() ? null : timeout(method, attributes.timeout());
    return options -> {
      StatementOptions result = options;
      if (!profile.isEmpty()) {
        result = result.withProfile(profile);
      }
      if (pageSize != Integer.MIN_VALUE) {
        result = result.withPageSize(pageSize);
      }
      if (idempotence.length == 1) {
        result = result.withIdempotent(idempotence[0]);
      }
      if (consistency != null) {
        result = result.withConsistency(consistency);
      }
      if (serial != null) {
        result = result.withSerialConsistency(serial);
      }
      if (timeout != null) {
        result = result.withTimeout(timeout);
      }
      return result;
    };
  }

  private static ConsistencyLevel level(Method method, String name) {
    try {
      return ConsistencyLevel.valueOf(name.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          method + ": @StatementAttributes names no consistency level: " + name, e);
    }
  }

  private static Duration timeout(Method method, String text) {
    String trimmed = text.trim();
    Matcher amount = AMOUNT.matcher(trimmed.toLowerCase(Locale.ROOT));
    if (amount.matches()) {
      long value = Long.parseLong(amount.group(1));
      return switch (amount.group(2)) {
        case "ms" -> Duration.ofMillis(value);
        case "s" -> Duration.ofSeconds(value);
        case "m" -> Duration.ofMinutes(value);
        default -> Duration.ofHours(value);
      };
    }
    try {
      return Duration.parse(trimmed);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          method + ": @StatementAttributes timeout is neither ISO-8601 nor 500ms, 5s...: " + text,
          e);
    }
  }
}
