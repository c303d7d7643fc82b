package io.scyllaboot.test.fakescylla;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.scyllaboot.driver.internal.routing.Murmur3;
import io.scyllaboot.driver.internal.routing.Tablet;

/**
 * Where a connection's current request belongs: the token of its partition key values, its owning
 * shard on this node, whether this node is a replica, and the tablet to send back. Reused from
 * request to request; single-threaded, as its connection.
 */
final class RequestRoute {
  private final FakeScyllaNode node;
  private final FakeScyllaCluster cluster;
  private final int shard;
  Long token;
  int owningShard;
  boolean replica;
  boolean leader;
  Tablet payloadTablet;
  boolean payloadV2;
  long payloadVersion;
  int versionBlock = -1;

  RequestRoute(FakeScyllaNode node, int shard) {
    this.node = node;
    this.cluster = node.cluster();
    this.shard = shard;
  }

  /** Forgets the previous request's route. */
  void reset() {
    token = null;
    owningShard = -1;
    replica = false;
    leader = false;
    payloadTablet = null;
    payloadV2 = false;
    versionBlock = -1;
  }

  /**
   * Routes a primed statement by the values of its partition key; a tablet goes back when the
   * connection negotiated tablet routing and this (node, shard) is not where the token lives, or,
   * under tablets routing v2 ({@link #versionBlock} set), when the request's tablet version block
   * does not match the tablet's version.
   */
  void route(
      ByteBufAllocator alloc,
      FakeScyllaNode.Generation generation,
      PrimedStatement primed,
      ByteBuf body,
      QueryParameters parameters,
      boolean tabletsRouting) {
    int[] pk = primed.pkIndices;
    if (pk.length == 0) {
      return;
    }
    int[] offsets = parameters.valueOffsets;
    int[] lengths = parameters.valueLengths;
    for (int index : pk) {
      if (index >= parameters.valueCount || lengths[index] < 0) {
        return; // a missing or null key value: no token
      }
    }
    long t;
    if (pk.length == 1) {
      t = Murmur3.token(body, offsets[pk[0]], lengths[pk[0]]);
    } else {
      // Composite key: each component as [short length][bytes][byte 0].
      ByteBuf key = alloc.heapBuffer();
      try {
        for (int index : pk) {
          key.writeShort(lengths[index]);
          key.writeBytes(body, offsets[index], lengths[index]);
          key.writeByte(0);
        }
        t = Murmur3.token(key, key.readerIndex(), key.readableBytes());
      } finally {
        key.release();
      }
    }
    token = t;
    Tablet[] tablets = cluster.tablets(primed.keyspace, primed.table);
    if (tablets == null) {
      owningShard = generation.sharder().shardOf(t);
      replica = cluster.isReplica(node.index(), t);
      return;
    }
    Tablet tablet = TabletTables.find(tablets, t);
    if (tablet == null) {
      return;
    }
    leader = tablet.replicas().get(0).hostId().equals(node.hostId());
    for (Tablet.Replica candidate : tablet.replicas()) {
      if (candidate.hostId().equals(node.hostId())) {
        owningShard = candidate.shard();
        replica = true;
        break;
      }
    }
    if (versionBlock >= 0) {
      long version = TabletTables.version(tablet);
      if (!TabletTables.matches(version, versionBlock)) {
        payloadTablet = tablet;
        payloadV2 = true;
        payloadVersion = version;
      }
    } else if (tabletsRouting && !(replica && owningShard == shard)) {
      payloadTablet = tablet;
    }
  }
}
