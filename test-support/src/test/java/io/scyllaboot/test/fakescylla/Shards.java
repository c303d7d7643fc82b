package io.scyllaboot.test.fakescylla;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.util.concurrent.ThreadLocalRandom;

/** Test helper: a raw connection from a local port chosen so that port % shards == shard. */
final class Shards {
  private Shards() {}

  static RawCqlClient connectToShard(InetSocketAddress shardAwarePort, int shards, int shard)
      throws IOException {
    int port = 40000 + ThreadLocalRandom.current().nextInt(10000);
    port += (shard - port % shards + shards) % shards;
    for (int attempt = 0; attempt < 100; attempt++, port += shards) {
      try {
        return RawCqlClient.connect(shardAwarePort, port);
      } catch (BindException inUse) {
        // taken: the next port of the same shard
      }
    }
    throw new IOException("no free local port for shard " + shard);
  }
}
