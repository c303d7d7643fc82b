package io.scyllaboot.driver.internal.routing;

import io.scyllaboot.driver.internal.metadata.DefaultNode;

/**
 * The nodes to try for one request, in order: an array and a cursor. Used by one request at a time
 * (attempts are sequential), so the cursor needs no atomics.
 */
public final class QueryPlan {
  private final DefaultNode[] nodes;
  private final int size;
  private int next;

  QueryPlan(DefaultNode[] nodes, int size) {
    this.nodes = nodes;
    this.size = size;
  }

  /** The next node to try, or null when the plan is exhausted. */
  public DefaultNode poll() {
    return next < size ? nodes[next++] : null;
  }

  public int size() {
    return size;
  }
}
