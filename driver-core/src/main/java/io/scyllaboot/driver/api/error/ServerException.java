package io.scyllaboot.driver.api.error;

import io.scyllaboot.driver.api.metadata.Node;
import java.net.SocketAddress;
import org.jspecify.annotations.Nullable;

/**
 * An ERROR response from a node. Each protocol error code has its own subtype carrying the fields
 * the server sends; {@link #code()} and {@link #serverMessage()} are always available.
 */
public class ServerException extends DriverException {

  private final int code;
  private final String serverMessage;
  private volatile SocketAddress node;
  private volatile @Nullable Node coordinator;

  public ServerException(int code, String serverMessage) {
    super(describe(code, serverMessage));
    this.code = code;
    this.serverMessage = serverMessage;
  }

  /** The protocol error code, for example {@code 0x2200} for Invalid; see {@link ErrorCodes}. */
  public int code() {
    return code;
  }

  /** The message as the server wrote it. */
  public String serverMessage() {
    return serverMessage;
  }

  /** The address of the node that answered, when known. */
  public @Nullable SocketAddress node() {
    return node;
  }

  /** Records which node answered; called once by the driver when the error is delivered. */
  public void setNode(SocketAddress node) {
    this.node = node;
  }

  /**
   * The node that answered (its data center, rack, state), when known: the DataStax driver's {@code
   * getCoordinator()}. Where the driver recorded only an address, a node of that address only.
   */
  public @Nullable Node coordinator() {
    Node known = coordinator;
    if (known != null) {
      return known;
    }
    SocketAddress address = node;
    return address == null ? null : new AddressOnlyNode(address);
  }

  /** Records the node that answered, and its address; called by the driver. */
  public void setCoordinator(Node coordinator) {
    this.coordinator = coordinator;
    this.node = coordinator.address();
  }

  @Override
  public String getMessage() {
    SocketAddress answeredBy = node;
    return answeredBy == null
        ? super.getMessage()
        : super.getMessage() + " (from " + answeredBy + ")";
  }

  private static String describe(int code, String message) {
    return ErrorCodes.name(code) + " (0x" + String.format("%04X", code) + "): " + message;
  }
}
