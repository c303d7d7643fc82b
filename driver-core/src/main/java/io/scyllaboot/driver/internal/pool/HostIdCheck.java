package io.scyllaboot.driver.internal.pool;

import io.scyllaboot.driver.api.error.MisroutedConnectionException;
import io.scyllaboot.driver.internal.connection.DriverChannel;
import io.scyllaboot.driver.internal.metadata.DefaultNode;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks that a new connection reached the node it was opened for: the host id the node reported in
 * its handshake ({@code SCYLLA_HOST_ID}) must be the one the topology gives. A connection of a node
 * that reports none (Apache Cassandra, older ScyllaDB), or of a node whose host id is not known
 * yet, passes. One per pool; logs the first misrouted connection at WARN, the next ones at DEBUG.
 */
final class HostIdCheck {
  private static final Logger LOG = LoggerFactory.getLogger(HostIdCheck.class);

  private final DefaultNode node;
  private final AtomicBoolean warned = new AtomicBoolean();

  HostIdCheck(DefaultNode node) {
    this.node = node;
  }

  /** Null when the connection may be used; else the error, after closing the connection. */
  @Nullable MisroutedConnectionException check(DriverChannel channel) {
    UUID reported = channel.hostId();
    UUID expected = node.hostId();
    if (reported == null || expected == null || reported.equals(expected)) {
      return null;
    }
    channel.close();
    MisroutedConnectionException misrouted =
        new MisroutedConnectionException(channel.remoteAddress(), expected, reported);
    if (warned.compareAndSet(false, true)) {
      LOG.warn(
          "[{}] {} (a load balancer or client route in between?); the pool keeps reconnecting,"
              + " further misrouted connections of this node are logged at DEBUG",
          node,
          misrouted.getMessage());
    } else {
      LOG.debug("[{}] {}", node, misrouted.getMessage());
    }
    return misrouted;
  }
}
