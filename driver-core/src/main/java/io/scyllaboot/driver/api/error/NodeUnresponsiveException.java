package io.scyllaboot.driver.api.error;

/**
 * An idempotent request was taken off a connection that read nothing for the unresponsive-node
 * timeout while requests waited on it (a frozen or stalled node), to be sent to the next node of
 * its plan. The connection stays open; the request may still run on the node. Seen in {@code
 * ExecutionInfo.attempts()}, or as the cause of an {@link AllNodesFailedException} when no other
 * node was left.
 */
public class NodeUnresponsiveException extends ConnectionException {
  public NodeUnresponsiveException(String message) {
    super(message);
  }
}
