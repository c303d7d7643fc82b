package io.scyllaboot.driver.api.error;

import io.scyllaboot.driver.api.metadata.Node;
import io.scyllaboot.driver.api.metadata.NodeState;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * A node an error names by its address only: one the session knew no node of when the error
 * happened (a contact point before the topology was read, a connection's peer). Equal by address.
 */
final class AddressOnlyNode implements Node {
  private final SocketAddress address;

  AddressOnlyNode(SocketAddress address) {
    this.address = address;
  }

  /** The address when it is an IP socket address (always, outside tests of local channels). */
  @Override
  public InetSocketAddress address() {
    return address instanceof InetSocketAddress inet
        ? inet
        : InetSocketAddress.createUnresolved(address.toString(), 0);
  }

  @Override
  public @Nullable String datacenter() {
    return null;
  }

  @Override
  public @Nullable String rack() {
    return null;
  }

  @Override
  public @Nullable UUID hostId() {
    return null;
  }

  @Override
  public @Nullable String releaseVersion() {
    return null;
  }

  @Override
  public NodeState state() {
    return NodeState.UNKNOWN;
  }

  @Override
  public int openConnections() {
    return 0;
  }

  @Override
  public int inFlightRequests() {
    return 0;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof AddressOnlyNode node && node.address.equals(address);
  }

  @Override
  public int hashCode() {
    return address.hashCode();
  }

  @Override
  public String toString() {
    return address.toString();
  }
}
