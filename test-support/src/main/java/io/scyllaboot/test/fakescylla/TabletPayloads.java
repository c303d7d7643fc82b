package io.scyllaboot.test.fakescylla;

import io.scyllaboot.driver.internal.routing.Tablet;
import java.nio.ByteBuffer;

/**
 * Encodes the {@code tablets-routing-v1} custom payload value: the CQL tuple (bigint first token,
 * exclusive; bigint last token; list of tuple(uuid host id, int shard)), as ScyllaDB sends it.
 */
final class TabletPayloads {
  private static final int REPLICA_BYTES = 4 + 4 + 16 + 4 + 4; // [int 28] uuid field, int field

  private TabletPayloads() {}

  /**
   * The payload of a tablet. Its first token is inclusive in {@link Tablet} and exclusive on the
   * wire, so {@code firstToken - 1} is written ({@code Long.MIN_VALUE} stays: no token precedes
   * it).
   */
  static ByteBuffer encode(Tablet tablet) {
    return encode(tablet, false, 0);
  }

  /**
   * The {@code tablets-routing-v2} payload of a tablet: the v1 tuple and a fourth field, the bigint
   * tablet version (scylladb transport/messages/result_message.cc, {@code add_tablet_info_v2}).
   */
  static ByteBuffer encodeV2(Tablet tablet, long version) {
    return encode(tablet, true, version);
  }

  private static ByteBuffer encode(Tablet tablet, boolean v2, long version) {
    int count = tablet.replicas().size();
    ByteBuffer out = ByteBuffer.allocate(32 + REPLICA_BYTES * count + (v2 ? 12 : 0));
    long first = tablet.firstToken() == Long.MIN_VALUE ? Long.MIN_VALUE : tablet.firstToken() - 1;
    out.putInt(8).putLong(first);
    out.putInt(8).putLong(tablet.lastToken());
    out.putInt(4 + REPLICA_BYTES * count).putInt(count);
    for (Tablet.Replica replica : tablet.replicas()) {
      out.putInt(28);
      out.putInt(16)
          .putLong(replica.hostId().getMostSignificantBits())
          .putLong(replica.hostId().getLeastSignificantBits());
      out.putInt(4).putInt(replica.shard());
    }
    if (v2) {
      out.putInt(8).putLong(version);
    }
    return out.flip();
  }
}
