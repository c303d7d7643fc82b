package io.scyllaboot.driver.api.metadata;

/**
 * A range of Murmur3 tokens: from {@code start} (exclusive) to {@code end} (inclusive), wrapping
 * around the ring when {@code end} is not above {@code start} (the first range of the ring). The
 * server's {@code token(key) > start AND token(key) <= end} reads it, in two parts when it wraps.
 */
public record TokenRange(long start, long end) {

  /** Whether the range goes past the ring's highest token back to its lowest. */
  public boolean wrapsAround() {
    return end <= start;
  }

  /** Whether the token falls in the range. */
  public boolean contains(long token) {
    return wrapsAround() ? token > start || token <= end : token > start && token <= end;
  }
}
