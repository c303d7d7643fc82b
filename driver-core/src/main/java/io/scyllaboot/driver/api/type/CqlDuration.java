package io.scyllaboot.driver.api.type;

/**
 * A CQL {@code duration}: months, days and nanoseconds, kept apart because their lengths vary (a
 * month is not a fixed number of days). All three share one sign.
 */
public record CqlDuration(int months, int days, long nanoseconds) {

  public CqlDuration {
    boolean anyNegative = months < 0 || days < 0 || nanoseconds < 0;
    boolean anyPositive = months > 0 || days > 0 || nanoseconds > 0;
    if (anyNegative && anyPositive) {
      throw new IllegalArgumentException(
          "months, days and nanoseconds must share one sign, got "
              + months
              + ", "
              + days
              + ", "
              + nanoseconds);
    }
  }
}
