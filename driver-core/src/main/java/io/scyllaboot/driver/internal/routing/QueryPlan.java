package io.scyllaboot.driver.internal.routing;

import io.scyllaboot.driver.internal.metadata.DefaultNode;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/**
 * The nodes to try for one request, in order: an array and a cursor. The cursor is atomic: the
 * speculative executions of a request take nodes from the same plan concurrently, and each node
 * goes to one of them.
 *
 * <p>A routed plan may start with its replicas only and complete itself with the other nodes when
 * its cursor first passes them: most requests are served by their first replica, and a plan of
 * every node costs an array and a pass over the cluster per request on a large cluster.
 */
public final class QueryPlan {
  private static final AtomicIntegerFieldUpdater<QueryPlan> NEXT =
      AtomicIntegerFieldUpdater.newUpdater(QueryPlan.class, "next");

  private volatile DefaultNode[] nodes;
  private volatile int size;
  private final int[] shards;
  // The rest of a plan that started with its replicas; null once complete (written last).
  private volatile Tail tail;
  private final int tabletVersionBlock;
  private volatile int next;
  // Set before the plan is handed out (DatacenterPlan): its nodes are where the request belongs.
  private boolean ownDatacenter;

  QueryPlan(DefaultNode[] nodes, int size) {
    this(nodes, size, (int[]) null);
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

  /** A plan of its replicas, completed by {@code tail} when its cursor passes them. */
  QueryPlan(DefaultNode[] replicas, int size, Tail tail) {
    this(replicas, size, null, -1);
    this.tail = tail;
  }

  /** Marks a plan of a profile's own data center (see {@link #isOwnDatacenter()}); returns it. */
  QueryPlan ownDatacenter() {
    ownDatacenter = true;
    return this;
  }

  /**
   * Whether every node of the plan is in the data center the request was meant for (an execution
   * profile's own): a node of another data center than the session's is then no failover.
   */
  public boolean isOwnDatacenter() {
    return ownDatacenter;
  }

  /** Builds the rest of a plan after its first nodes. */
  interface Tail {
    /** The whole plan: the first {@code size} nodes of {@code head}, then the other nodes. */
    DefaultNode[] complete(DefaultNode[] head, int size);
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
      complete();
      if (next >= size) {
        return -1; // exhausted: the cursor stops growing
      }
    }
    int index = NEXT.getAndIncrement(this);
    if (index >= size) {
      complete();
      if (index >= size) {
        return -1;
      }
    }
    return index;
  }

  /**
   * Completes a plan that started with its replicas. Rare (the replicas all failed, or speculative
   * executions went past them), so a lock is fine; {@code tail} is cleared last, so a reader that
   * sees it null sees the whole plan.
   */
  private void complete() {
    if (tail == null) {
      return;
    }
    synchronized (this) {
      Tail rest = tail;
      if (rest != null) {
        DefaultNode[] whole = rest.complete(nodes, size);
        nodes = whole;
        size = whole.length;
        tail = null;
      }
    }
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
    if (next < size) {
      return true;
    }
    complete();
    return next < size;
  }

  /** The plan's length (a plan that started with its replicas completes itself first). */
  public int size() {
    complete();
    return size;
  }
}
