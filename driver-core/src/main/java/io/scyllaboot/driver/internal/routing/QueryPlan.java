package io.scyllaboot.driver.internal.routing;

import io.scyllaboot.driver.internal.metadata.DefaultNode;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * The nodes to try for one request, in order: an array and a cursor. The cursor is atomic: the
 * speculative executions of a request take nodes from the same plan concurrently, and each node
 * goes to one of them.
 */
public final class QueryPlan {
  private static final AtomicIntegerFieldUpdater<QueryPlan> NEXT =
      AtomicIntegerFieldUpdater.newUpdater(QueryPlan.class, "next");

  private final DefaultNode[] nodes;
  private final int size;
  private final int[] shards;
  private final int tabletVersionBlock;
  private volatile int next;

  QueryPlan(DefaultNode[] nodes, int size) {
    this(nodes, size, null);
  }

  QueryPlan(DefaultNode[] nodes, int size, int[] shards) {
    this(nodes, size, shards, -1);
  }

  /**
   * @param shards for each node, the shard that holds the data (from a tablet), or -1; null when
   *     the token decides
   * @param tabletVersionBlock the byte an EXECUTE carries on a connection with tablets routing v2
   *     (see {@link Tablet#versionBlock}), or -1 when the plan knows no tablet version
   */
  QueryPlan(DefaultNode[] nodes, int size, int[] shards, int tabletVersionBlock) {
    this.nodes = nodes;
    this.size = size;
    this.shards = shards;
    this.tabletVersionBlock = tabletVersionBlock;
  }

  /**
   * The tablet version block of the plan's tablet, or -1 when none is known (the connection then
   * sends a block of an unknown version, which makes the server send the tablet).
   */
  public int tabletVersionBlock() {
    return tabletVersionBlock;
  }

  /** The next node to try, or null when the plan is exhausted; for one caller at a time. */
  public DefaultNode poll() {
    int index = pollIndex();
    return index < 0 ? null : nodes[index];
  }

  /** The shard to use on the node {@link #poll()} returned last, or -1 to let the token decide. */
  public int shard() {
    int last = Math.min(next, size) - 1;
    return last < 0 ? -1 : shard(last);
  }

  /** Takes the next position of the plan, or -1 when it is exhausted; any thread. */
  public int pollIndex() {
    if (next >= size) {
      return -1; // exhausted: the cursor stops growing
    }
    int index = NEXT.getAndIncrement(this);
    return index < size ? index : -1;
  }

  /** The node at a position {@link #pollIndex()} returned. */
  public DefaultNode node(int index) {
    return nodes[index];
  }

  /** The shard to use on the node at {@code index}, or -1 to let the token decide. */
  public int shard(int index) {
    return shards == null ? -1 : shards[index];
  }

  /** Whether a position is left to take; any thread, a hint only under concurrent takers. */
  public boolean hasNext() {
    return next < size;
  }

  public int size() {
    return size;
  }
}
