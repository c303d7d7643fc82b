package io.scyllaboot.driver.api.metadata;

import java.net.InetSocketAddress;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/** A node of the cluster as the driver sees it. Thread-safe; the state changes over time. */
public interface Node {

  /** The address the driver connects to (the node's rpc address and native port). */
  InetSocketAddress address();

  /** The node's data center, or null before the topology was read. */
  @Nullable String datacenter();

  @Nullable String rack();

  @Nullable UUID hostId();

  /** The server version, e.g. {@code 5.0.6}. */
  @Nullable String releaseVersion();

  NodeState state();

  /** Connections currently open to the node. */
  int openConnections();

  /** Requests currently in flight on the node's connections. */
  int inFlightRequests();
}
