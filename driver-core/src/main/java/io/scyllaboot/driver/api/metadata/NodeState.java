package io.scyllaboot.driver.api.metadata;

/** What the driver believes about a node. */
public enum NodeState {
  /** Known from the topology but not connected to yet. */
  UNKNOWN,
  /** At least one connection of its pool is open. */
  UP,
  /**
   * Its pool lost every connection (or the cluster said it went down); reconnection is scheduled.
   */
  DOWN,
  /** Removed from the cluster. */
  REMOVED
}
