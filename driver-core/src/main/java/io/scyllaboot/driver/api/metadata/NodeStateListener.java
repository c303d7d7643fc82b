package io.scyllaboot.driver.api.metadata;

/**
 * Hears about nodes joining, leaving, going up and down. Called on a driver thread, one call at a
 * time and in the order the driver saw the changes: do not block in it. An exception it throws is
 * logged and ignored. Every method does nothing by default.
 */
public interface NodeStateListener {

  /** The topology lists a node the driver did not know (also each node found at start-up). */
  default void onAdded(Node node) {}

  /** A connection to the node opened after it was unknown or down. */
  default void onUp(Node node) {}

  /** The node's pool lost its last connection; reconnection is scheduled. */
  default void onDown(Node node) {}

  /** The topology no longer lists the node. */
  default void onRemoved(Node node) {}
}
