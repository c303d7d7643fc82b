package io.scyllaboot.driver.api.metadata;

import java.util.List;

/**
 * The token ring as the driver routes with it: the Murmur3 token of a partition key, the replicas
 * of a key or token in a keyspace, and the ranges each node holds. An immutable snapshot of the
 * topology it was built from; {@link ClusterMetadata#tokenMap()} gives the current one. Empty (no
 * ranges, no replicas) when the cluster uses another partitioner than Murmur3.
 *
 * <p>Partition key values are encoded by their Java type, as an unprepared statement's values are:
 * {@code Integer} as {@code int}, {@code Long} as {@code bigint}, {@code String} as {@code text},
 * {@code UUID} as {@code uuid} (same bytes as {@code timeuuid}), and so on; pass a value of the
 * Java type of the column's CQL type, or the token would be another key's.
 */
public interface TokenMap {

  /** Whether the ring is unknown (no tokens read, or a partitioner the driver cannot compute). */
  boolean isEmpty();

  /**
   * The Murmur3 token of a partition key: one value per partition key column, in key order.
   *
   * @throws IllegalArgumentException if no value is given, one is null, or its CQL type cannot be
   *     inferred from its Java type
   */
  long token(Object... partitionKey);

  /** The replicas of a partition key in a keyspace, the primary replica first. */
  default List<Node> replicas(String keyspace, Object... partitionKey) {
    return replicas(keyspace, token(partitionKey));
  }

  /**
   * The replicas of the range holding a token in a keyspace, the primary replica first; empty when
   * the keyspace is unknown or its strategy is not token-aware ({@code LocalStrategy}).
   */
  List<Node> replicas(String keyspace, long token);

  /** Every range of the ring in token order: each ends at a node's token. */
  List<TokenRange> ranges();

  /** The ranges whose primary replica is this node (those ending at one of its tokens). */
  List<TokenRange> primaryRanges(Node node);

  /** The ranges this node holds a replica of in a keyspace. */
  List<TokenRange> ranges(String keyspace, Node node);
}
