package io.scyllaboot.driver.internal.mapper;

import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.cql.BoundStatement;
import io.scyllaboot.driver.api.mapper.annotations.StatementAttributes;
import java.lang.reflect.Method;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A DAO method's {@code @StatementAttributes}, read once into what they do to its statements. */
final class StatementOptionsOf {
  private static final Pattern AMOUNT = Pattern.compile("(\\d+)\\s*(ms|s|m|h)");

  private StatementOptionsOf() {}

  static UnaryOperator<BoundStatement> of(Method method) {
    StatementAttributes attributes = method.getAnnotation(StatementAttributes.class);
    UnaryOperator<BoundStatement> options = UnaryOperator.identity();
    if (attributes == null) {
      return options;
    }
    if (!attributes.executionProfileName().isEmpty()) {
      String profile = attributes.executionProfileName();
      options = then(options, bound -> bound.withProfile(profile));
    }
    if (attributes.pageSize() != Integer.MIN_VALUE) {
      int pageSize = attributes.pageSize();
      options = then(options, bound -> bound.withPageSize(pageSize));
    }
    if (attributes.idempotence().length == 1) {
      boolean idempotent = attributes.idempotence()[0];
      options = then(options, bound -> bound.withIdempotent(idempotent));
    }
    if (!attributes.consistencyLevel().isEmpty()) {
      ConsistencyLevel level = level(method, attributes.consistencyLevel());
      options = then(options, bound -> bound.withConsistency(level));
    }
    if (!attributes.serialConsistencyLevel().isEmpty()) {
      ConsistencyLevel level = level(method, attributes.serialConsistencyLevel());
      options = then(options, bound -> bound.withSerialConsistency(level));
    }
    if (!attributes.timeout().isEmpty()) {
      Duration timeout = timeout(method, attributes.timeout());
      options = then(options, bound -> bound.withTimeout(timeout));
    }
    return options;
  }

  private static UnaryOperator<BoundStatement> then(
      UnaryOperator<BoundStatement> first, UnaryOperator<BoundStatement> second) {
    return bound -> second.apply(first.apply(bound));
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
