package io.scyllaboot.driver.api.error;

import java.net.SocketAddress;
import java.util.UUID;

/**
 * A connection reached another node than the one it was opened for: the node's handshake reported a
 * host id ({@code SCYLLA_HOST_ID}, ScyllaDB 2026.3 and later) other than the one the cluster's
 * topology gives for that address, for example behind a load balancer or a stale client route. The
 * driver closes such a connection before any request uses it, and the node's pool keeps
 * reconnecting; requests never see this exception, only connection logs and listeners do.
 */
public class MisroutedConnectionException extends ConnectionException {
  private final SocketAddress address;
  private final UUID expectedHostId;
  private final UUID reportedHostId;

  public MisroutedConnectionException(
      SocketAddress address, UUID expectedHostId, UUID reportedHostId) {
    super(
        "misrouted connection: "
            + address
            + " should reach node "
            + expectedHostId
            + " but reached node "
            + reportedHostId
            + "; closed");
    this.address = address;
    this.expectedHostId = expectedHostId;
    this.reportedHostId = reportedHostId;
  }

  /** The address the connection was opened to. */
  public SocketAddress address() {
    return address;
  }

  /** The host id of the node the connection was meant for, from the cluster's topology. */
  public UUID expectedHostId() {
    return expectedHostId;
  }

  /** The host id the node that accepted the connection reported in its handshake. */
  public UUID reportedHostId() {
    return reportedHostId;
  }
}
