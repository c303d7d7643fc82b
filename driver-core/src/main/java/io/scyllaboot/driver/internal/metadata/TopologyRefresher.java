package io.scyllaboot.driver.internal.metadata;

import io.netty.util.Timer;
import io.scyllaboot.driver.internal.connection.DriverChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * Reads the cluster's topology through the control connection: {@code system.local}, {@code
 * system.peers_v2} (falling back to {@code system.peers} on servers without it) and the replication
 * of every keyspace; and checks schema agreement after DDL.
 */
public final class TopologyRefresher {

  /**
   * One node as the system tables describe it.
   *
   * @param address the address the node advertises (rpc address and native port)
   * @param reachedAt for the control connection's node, the address it was reached at (already
   *     reachable: not translated); null for the peers
   */
  public record NodeInfo(
      InetSocketAddress address,
      @Nullable InetSocketAddress reachedAt,
      String datacenter,
      String rack,
      UUID hostId,
      String releaseVersion,
      Set<String> tokens,
      String schemaVersion) {}

  /** The whole topology; {@code partitioner} as system.local names it (null if absent). */
  public record Topology(
      String clusterName,
      String partitioner,
      List<NodeInfo> nodes,
      Map<String, Map<String, String>> replicationByKeyspace) {}

  private final ControlConnection control;
  private final Timer timer;
  private final boolean translated;
  // Agreements being awaited, completed with false at close: the timer that polls them stops then.
  private final Set<CompletableFuture<Boolean>> awaiting = ConcurrentHashMap.newKeySet();
  private volatile boolean closed;

  public TopologyRefresher(ControlConnection control, Timer timer) {
    this(control, timer, false);
  }

  /**
   * @param translated whether an address translator is configured: the peers' port is then the
   *     advertised one (the control node's {@code rpc_port}) when the peers table has none, not the
   *     port the control connection reached, which may be a translated one
   */
  public TopologyRefresher(ControlConnection control, Timer timer, boolean translated) {
    this.control = control;
    this.timer = timer;
    this.translated = translated;
  }

  public CompletionStage<Topology> refresh() {
    InetSocketAddress localAddress =
        withoutLiteralHostName((InetSocketAddress) control.channel().remoteAddress());
    // By key: a read of the one row, not a scan of the table (many clients connect at once).
    CompletionStage<List<Map<String, Object>>> local =
        control.query("SELECT * FROM system.local WHERE key='local'");
    CompletionStage<List<Map<String, Object>>> peers =
        control
            .query("SELECT * FROM system.peers_v2")
            .thenCompose(
                rows ->
                    rows != null
                        ? CompletableFuture.completedFuture(rows)
                        : control.query("SELECT * FROM system.peers"));
    CompletionStage<List<Map<String, Object>>> keyspaces =
        control.query("SELECT keyspace_name, replication FROM system_schema.keyspaces");
    return local
        .thenCombine(peers, (l, p) -> new Object[] {l, p})
        .thenCombine(
            keyspaces,
            (lp, k) -> {
              @SuppressWarnings("unchecked")
              List<Map<String, Object>> localRows = (List<Map<String, Object>>) lp[0];
              @SuppressWarnings("unchecked")
              List<Map<String, Object>> peerRows = (List<Map<String, Object>>) lp[1];
              return topology(localAddress, localRows, peerRows, k, translated);
            });
  }

  /**
   * The connection's address as the JDK makes one of an IP literal, {@code /127.0.0.1:9042}: the
   * channel's carries the literal as a host name too ({@code 127.0.0.1/127.0.0.1:9042}), unlike
   * every other node's address (read from system.peers). A real host name stays (TLS checks it).
   */
  static InetSocketAddress withoutLiteralHostName(InetSocketAddress address) {
    java.net.InetAddress ip = address.getAddress();
    if (ip == null
        || !address.getHostString().equals(ip.getHostAddress())
        || ip instanceof java.net.Inet6Address v6 && v6.getScopeId() != 0) {
      return address; // a host name, or a link-local address whose scope must stay
    }
    try {
      return new InetSocketAddress(
          java.net.InetAddress.getByAddress(ip.getAddress()), address.getPort());
    } catch (java.net.UnknownHostException e) {
      return address; // not thrown for an address of a valid length
    }
  }

  @SuppressWarnings("unchecked")
  private static Topology topology(
      InetSocketAddress localAddress,
      List<Map<String, Object>> localRows,
      List<Map<String, Object>> peerRows,
      List<Map<String, Object>> keyspaceRows,
      boolean translated) {
    List<NodeInfo> nodes = new ArrayList<>();
    String clusterName = null;
    String partitioner = null;
    int peerPort = localAddress.getPort();
    if (localRows != null && !localRows.isEmpty()) {
      Map<String, Object> row = localRows.get(0);
      clusterName = (String) row.get("cluster_name");
      partitioner = (String) row.get("partitioner");
      int advertisedPort =
          row.get("rpc_port") instanceof Integer rpcPort && rpcPort > 0
              ? rpcPort
              : localAddress.getPort();
      InetSocketAddress advertised =
          row.get("rpc_address") instanceof InetAddress rpc && !rpc.isAnyLocalAddress()
              ? new InetSocketAddress(rpc, advertisedPort)
              : localAddress;
      if (translated) {
        peerPort = advertisedPort;
      }
      nodes.add(info(translated ? advertised : localAddress, localAddress, row));
    }
    if (peerRows != null) {
      for (Map<String, Object> row : peerRows) {
        InetAddress address =
            (InetAddress)
                (row.containsKey("native_address")
                    ? row.get("native_address")
                    : row.get("rpc_address"));
        if (address == null) {
          continue;
        }
        Object port = row.get("native_port");
        int nativePort = port instanceof Integer p ? p : peerPort;
        nodes.add(info(new InetSocketAddress(address, nativePort), null, row));
      }
    }
    Map<String, Map<String, String>> replication = new HashMap<>();
    if (keyspaceRows != null) {
      for (Map<String, Object> row : keyspaceRows) {
        Object options = row.get("replication");
        if (options instanceof Map<?, ?> map) {
          replication.put((String) row.get("keyspace_name"), (Map<String, String>) map);
        }
      }
    }
    return new Topology(clusterName, partitioner, nodes, replication);
  }

  @SuppressWarnings("unchecked")
  private static NodeInfo info(
      InetSocketAddress address, @Nullable InetSocketAddress reachedAt, Map<String, Object> row) {
    Object tokens = row.get("tokens");
    Object schema = row.get("schema_version");
    return new NodeInfo(
        address,
        reachedAt,
        (String) row.get("data_center"),
        (String) row.get("rack"),
        (UUID) row.get("host_id"),
        (String) row.get("release_version"),
        tokens instanceof Set<?> set ? (Set<String>) set : Set.of(),
        schema == null ? null : schema.toString());
  }

  /**
   * Completes with true once every node that is not known to be down reports the same schema
   * version, polling every 200 ms, or false when {@code timeoutMillis} passes first. Never fails: a
   * failed check counts as "not yet". A node that is down cannot agree, and waiting for it would
   * only make every DDL statement wait for the whole timeout.
   *
   * @param isDown whether the session knows the node at this address to be down
   */
  public CompletionStage<Boolean> awaitSchemaAgreement(
      long timeoutMillis, Predicate<InetAddress> isDown, DriverChannel coordinator) {
    CompletableFuture<Boolean> agreed = new CompletableFuture<>();
    awaiting.add(agreed);
    agreed.whenComplete((done, error) -> awaiting.remove(agreed));
    if (closed) {
      agreed.complete(false);
      return agreed;
    }
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    // The version the DDL's coordinator has: right after a change, gossip may still show every node
    // (the coordinator included) with the old version, which would look like an agreement.
    CompletionStage<Object> expected =
        coordinator == null
            ? CompletableFuture.completedFuture(null)
            : control
                .queryOn(coordinator, "SELECT schema_version FROM system.local WHERE key='local'")
                .thenApply(rows -> rows == null || rows.isEmpty() ? null : rows.get(0))
                .thenApply(row -> row == null ? null : row.get("schema_version"))
                .exceptionally(error -> null);
    expected.thenAccept(version -> checkAgreement(deadline, isDown, version, agreed));
    return agreed;
  }

  /**
   * Ends every wait for agreement with false (not reached): the session closes, and its DDL
   * statements complete with their own results rather than wait for polls that will not run.
   */
  public void close() {
    closed = true;
    for (CompletableFuture<Boolean> agreed : List.copyOf(awaiting)) {
      agreed.complete(false);
    }
  }

  /** Whether {@link #close()} ran. */
  public boolean isClosed() {
    return closed;
  }

  private void checkAgreement(
      long deadline,
      Predicate<InetAddress> isDown,
      Object expected,
      CompletableFuture<Boolean> agreed) {
    control
        .query("SELECT schema_version FROM system.local WHERE key='local'")
        .thenCombine(
            control.query("SELECT peer, rpc_address, schema_version FROM system.peers"),
            (local, peers) -> {
              Set<Object> versions = new HashSet<>();
              if (local != null) {
                local.forEach(row -> versions.add(row.get("schema_version")));
              }
              if (peers != null) {
                for (Map<String, Object> row : peers) {
                  Object rpc = row.get("rpc_address");
                  Object address = rpc != null ? rpc : row.get("peer");
                  if (!(address instanceof InetAddress inet) || !isDown.test(inet)) {
                    versions.add(row.get("schema_version"));
                  }
                }
              }
              versions.remove(null);
              return expected == null
                  ? versions.size() <= 1
                  : versions.size() == 1 && versions.contains(expected);
            })
        .whenComplete(
            (same, error) -> {
              if (error == null && same) {
                agreed.complete(true);
              } else if (closed || agreed.isDone() || System.nanoTime() >= deadline) {
                agreed.complete(false);
              } else {
                try {
                  timer.newTimeout(
                      timeout -> checkAgreement(deadline, isDown, expected, agreed),
                      200,
                      TimeUnit.MILLISECONDS);
                } catch (RuntimeException stopped) { // the timer stopped: no poll would ever run
                  agreed.complete(false);
                }
              }
            });
  }
}
