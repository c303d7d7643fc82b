package io.scyllaboot.driver.api.policy;

/** Checks shared by the speculative execution policies. */
final class SpeculativeExecutions {
  /** More would send a request to more nodes than a plan usually has. */
  static final int MAX_COUNT = 16;

  private SpeculativeExecutions() {}

  static void checkCount(int maxSpeculativeExecutions) {
    if (maxSpeculativeExecutions < 1 || maxSpeculativeExecutions > MAX_COUNT) {
      throw new IllegalArgumentException(
          "max speculative executions must be in [1, "
              + MAX_COUNT
              + "], was "
              + maxSpeculativeExecutions);
    }
  }
}
