package io.scyllaboot.driver.internal.session;

import io.scyllaboot.driver.api.PreparedCacheStats;
import io.scyllaboot.driver.api.metadata.Node;
import io.scyllaboot.driver.api.metrics.SessionSnapshot;
import io.scyllaboot.driver.internal.metadata.DefaultNode;
import io.scyllaboot.driver.internal.pool.ChannelPool;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Builds a {@link SessionSnapshot} from the session's parts: reads only, no lock. */
final class SessionSnapshots {
  private SessionSnapshots() {}

  static SessionSnapshot of(
      SessionSettings settings,
      Cluster cluster,
      Throttler throttler,
      PreparedCacheStats cache,
      int protocolVersion) {
    List<SessionSnapshot.NodeInfo> nodes = new ArrayList<>();
    for (Node node : cluster.nodes()) {
      ChannelPool pool = cluster.pool((DefaultNode) node);
      SessionSnapshot.PoolInfo poolInfo = null;
      Integer shards = null;
      if (pool != null) {
        List<Integer> loads = new ArrayList<>();
        for (int load : pool.inFlightPerConnection()) {
          loads.add(load);
        }
        poolInfo = new SessionSnapshot.PoolInfo(loads.size(), List.copyOf(loads));
        int count = pool.shardCount();
        shards = count > 0 ? count : null;
      }
      nodes.add(
          new SessionSnapshot.NodeInfo(
              node.address().getHostString() + ":" + node.address().getPort(),
              node.datacenter(),
              node.rack(),
              node.state(),
              shards,
              poolInfo));
    }
    nodes.sort(Comparator.comparing(SessionSnapshot.NodeInfo::address));
    boolean throttled = settings.maxConcurrentRequests() > 0;
    return new SessionSnapshot(
        settings.sessionName(),
        protocolVersion,
        settings.compression(),
        List.copyOf(nodes),
        cache,
        new SessionSnapshot.ThrottlerInfo(
            throttled,
            settings.maxConcurrentRequests(),
            throttled ? throttler.activeCount() : 0,
            throttled ? throttler.queuedCount() : 0,
            throttled ? settings.maxThrottledQueue() : 0));
  }
}
