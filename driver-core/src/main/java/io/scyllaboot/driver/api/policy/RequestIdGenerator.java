package io.scyllaboot.driver.api.policy;

import io.scyllaboot.driver.api.cql.Statement;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Gives each request an id, sent to the node in the request's custom payload under {@link
 * #payloadKey()} (as UTF-8 bytes), so that the request can be found in server-side logs, traces and
 * audit records. The id is taken once per request: its retries and speculative executions send the
 * same id (and the same bytes). A statement's own custom payload entry under the same key wins.
 *
 * <p>Called on the caller's thread for every request while set: must be thread-safe and cheap.
 */
public interface RequestIdGenerator {

  /** The custom payload key of the id by default, as the Apache Java driver 4.19 sends it. */
  String DEFAULT_PAYLOAD_KEY = "request-id";

  /** The id of a new request. */
  String requestId(Statement<?> statement);

  /** The custom payload key the id goes under. */
  default String payloadKey() {
    return DEFAULT_PAYLOAD_KEY;
  }

  /**
   * A random (version 4) UUID per request, from {@link ThreadLocalRandom}: unique enough to find a
   * request, without the contention of {@code UUID.randomUUID()}'s secure random.
   */
  static RequestIdGenerator uuid() {
    return statement -> {
      ThreadLocalRandom random = ThreadLocalRandom.current();
      long high = (random.nextLong() & ~0xF000L) | 0x4000L;
      long low = (random.nextLong() & ~(0xCL << 60)) | (0x8L << 60);
      return new UUID(high, low).toString();
    };
  }
}
