package io.scyllaboot.spring.core;

import org.jspecify.annotations.Nullable;

/** Checks shared by the option builders. */
final class Conditions {
  private Conditions() {}

  static void checkExclusive(boolean ifExists, @Nullable WriteCondition condition) {
    if (ifExists && condition != null) {
      throw new IllegalStateException(
          "ifExists and ifCondition exclude each other (CQL allows one IF); got IF EXISTS and IF "
              + condition.cql());
    }
  }
}
