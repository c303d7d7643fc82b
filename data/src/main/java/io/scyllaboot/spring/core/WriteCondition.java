package io.scyllaboot.spring.core;

import java.util.Objects;

/**
 * The {@code IF} of a conditional update or delete, as CQL with bind markers and its values, e.g.
 * {@code new WriteCondition("name = ?", "x")}.
 *
 * @param cql the condition after {@code IF}, with {@code ?} markers
 * @param values one per marker
 */
public record WriteCondition(String cql, Object... values) {
  public WriteCondition {
    Objects.requireNonNull(cql, "cql");
    if (cql.isBlank()) {
      throw new IllegalArgumentException("the condition must not be blank");
    }
    values = values.clone();
  }
}
