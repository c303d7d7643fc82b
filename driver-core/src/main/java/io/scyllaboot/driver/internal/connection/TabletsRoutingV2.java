package io.scyllaboot.driver.internal.connection;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * ScyllaDB's experimental tablets routing v2 on one connection (docs/dev/tablets-routing-v2.md of
 * scylladb): negotiated under {@link #EXTENSION} instead of {@code TABLETS_ROUTING_V1}, which it
 * subsumes, only when the session asks for it and the node offers it. Once negotiated, every
 * EXECUTE ends with one byte, the tablet version block; the node answers a block that does not
 * match its tablet version with a {@code tablets-routing-v2} payload.
 */
final class TabletsRoutingV2 {
  /** The SUPPORTED and STARTUP key (scylladb transport/cql_protocol_extension.cc, August 2026). */
  static final String EXTENSION = "TABLETS_ROUTING_V2_EXPERIMENTAL";

  private TabletsRoutingV2() {}

  /**
   * Asks for v2 instead of v1 in {@code startup} when {@code wanted} and offered; returns whether
   * it did (the connection must then append the version byte to every EXECUTE).
   */
  static boolean negotiate(
      boolean wanted, Map<String, List<String>> supported, Map<String, String> startup) {
    if (!wanted || !supported.containsKey(EXTENSION)) {
      return false;
    }
    startup.remove(ScyllaFeatures.TABLETS); // v2 subsumes v1: a driver never asks for both
    startup.put(EXTENSION, "");
    return true;
  }

  /**
   * A block for a request whose tablet version is not known: a rotating index with the value 0; the
   * node then sends the tablet unless that slice of its version happens to be 0 (1 in 16), and the
   * next request checks another slice.
   */
  static int unknownVersionBlock() {
    return ThreadLocalRandom.current().nextInt(16) << 4;
  }
}
