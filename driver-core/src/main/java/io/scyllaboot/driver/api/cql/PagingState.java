package io.scyllaboot.driver.api.cql;

import java.util.Arrays;
import java.util.Base64;

/**
 * Where a paged query stopped: opaque bytes from the server. It can be stored as a string ({@link
 * #toString()}) and parsed back ({@link #fromString}) to resume later, for example across HTTP
 * requests. Only valid for the same statement with the same values.
 */
public final class PagingState {
  private final byte[] bytes;

  private PagingState(byte[] bytes) {
    this.bytes = bytes;
  }

  /** Wraps the server's paging state bytes (copied). */
  public static PagingState fromBytes(byte[] bytes) {
    return new PagingState(bytes.clone());
  }

  /**
   * Parses a paging state written by {@link #toString()}.
   *
   * @throws IllegalArgumentException if the string is not a paging state
   */
  public static PagingState fromString(String state) {
    try {
      return new PagingState(Base64.getUrlDecoder().decode(state));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("not a paging state: '" + state + "'", e);
    }
  }

  /** A copy of the raw bytes. */
  public byte[] toBytes() {
    return bytes.clone();
  }

  /** The paging state as a URL-safe string. */
  @Override
  public String toString() {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof PagingState that && Arrays.equals(bytes, that.bytes);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(bytes);
  }
}
