package io.scyllaboot.driver.internal.routing;

import io.scyllaboot.driver.internal.metadata.DefaultNode;

/**
 * The nodes to try for one request, in order: an array and a cursor. Used by one request at a time
 * (attempts are sequential), so the cursor needs no atomics.
 */
public final class QueryPlan {
  private final DefaultNode[] nodes;
  private final int size;
  private final int[] shards;
  private int next;

  QueryPlan(DefaultNode[] nodes, int size) {
    this(nodes, size, null);
  }

  /**
   * @param shards for each node, the shard that holds the data (from a tablet), or -1; null when
   *     the token decides
   */
  QueryPlan(DefaultNode[] nodes, int size, int[] shards) {
    this.nodes = nodes;
    this.size = size;
    this.shards = shards;
  }

  /** The next node to try, or null when the plan is exhausted. */
  public DefaultNode poll() {
    return next < size ? nodes[next++] : null;
  }

  /** The shard to use on the node {@link #poll()} returned last, or -1 to let the token decide. */
  public int shard() {
    return shards == null || next == 0 ? -1 : shards[next - 1];
  }

  public int size() {
    return size;
  }
}
