package io.scyllaboot.test.fakescylla;

import io.scyllaboot.driver.internal.routing.Tablet;
import java.util.List;
import java.util.UUID;

/**
 * One tablet of a table of the fake cluster: the tokens {@code [firstToken, lastToken]} (inclusive
 * both) and its replicas, in order, each with the shard that holds it. The test-support counterpart
 * of the driver's internal tablet, so that tests never name driver internals.
 */
public record FakeTablet(long firstToken, long lastToken, List<Replica> replicas) {

  /** A replica: the node's host id and the shard. */
  public record Replica(UUID hostId, int shard) {}

  /**
   * @throws IllegalArgumentException if the range is empty or there is no replica
   */
  public FakeTablet {
    if (lastToken < firstToken) {
      throw new IllegalArgumentException(
          "empty tablet range [" + firstToken + ", " + lastToken + "]");
    }
    if (replicas.isEmpty()) {
      throw new IllegalArgumentException("a tablet needs a replica");
    }
    replicas = List.copyOf(replicas);
  }

  /** The tablet as the driver decodes it from a {@code tablets-routing-v1} payload. */
  Tablet toTablet() {
    return new Tablet(
        firstToken,
        lastToken,
        replicas.stream().map(r -> new Tablet.Replica(r.hostId(), r.shard())).toList());
  }
}
