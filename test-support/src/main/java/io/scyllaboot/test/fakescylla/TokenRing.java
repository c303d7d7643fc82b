package io.scyllaboot.test.fakescylla;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The cluster's vnode ring: evenly spaced tokens dealt to the nodes in turn (node k % N owns the
 * range up to token k), and which nodes replicate a token.
 */
final class TokenRing {
  private final long[] ring; // every vnode token, ascending
  private final int[] ringOwner; // the node of each ring token
  private final List<List<Long>> tokensOf = new ArrayList<>();
  private final int nodes;
  private final int replicationFactor;

  TokenRing(int nodes, int tokensPerNode, int replicationFactor) {
    this.nodes = nodes;
    this.replicationFactor = replicationFactor;
    int total = nodes * tokensPerNode;
    ring = new long[total];
    ringOwner = new int[total];
    long step = Long.divideUnsigned(-1L, total);
    for (int i = 0; i < nodes; i++) {
      tokensOf.add(new ArrayList<>());
    }
    for (int k = 0; k < total; k++) {
      ring[k] = Long.MIN_VALUE + (k + 1) * step;
      ringOwner[k] = k % nodes;
      tokensOf.get(k % nodes).add(ring[k]);
    }
  }

  /** The tokens of one node, ascending. */
  List<Long> tokensOf(int node) {
    return tokensOf.get(node);
  }

  /** Whether a node is among the replication factor's nodes that follow a token on the ring. */
  boolean isReplica(int node, long token) {
    int at = Arrays.binarySearch(ring, token);
    int start = at >= 0 ? at : -at - 1; // the first ring token >= token, wrapping
    int found = 0;
    boolean[] seen = new boolean[nodes];
    for (int i = 0; i < ring.length && found < replicationFactor; i++) {
      int owner = ringOwner[(start + i) % ring.length];
      if (!seen[owner]) {
        if (owner == node) {
          return true;
        }
        seen[owner] = true;
        found++;
      }
    }
    return false;
  }
}
