package io.scyllaboot.driver.api.error;

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
