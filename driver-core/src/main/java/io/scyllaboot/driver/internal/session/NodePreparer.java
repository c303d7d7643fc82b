package io.scyllaboot.driver.internal.session;

import io.scyllaboot.driver.api.error.AllNodesFailedException;
import io.scyllaboot.driver.api.error.BootstrappingException;
import io.scyllaboot.driver.api.error.BusyConnectionException;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.api.error.DriverTimeoutException;
import io.scyllaboot.driver.api.error.FrameDecodingException;
import io.scyllaboot.driver.api.error.NoNodeAvailableException;
import io.scyllaboot.driver.api.error.OverloadedException;
import io.scyllaboot.driver.api.error.ProtocolErrorException;
import io.scyllaboot.driver.api.error.ServerErrorException;
import io.scyllaboot.driver.internal.connection.DriverChannel;
import io.scyllaboot.driver.internal.cql.DefaultPreparedStatement;
import io.scyllaboot.driver.internal.metadata.DefaultNode;
import io.scyllaboot.driver.internal.pool.ChannelPool;
import io.scyllaboot.driver.internal.routing.LoadBalancingPolicy;
import io.scyllaboot.driver.internal.routing.QueryPlan;
import io.scyllaboot.driver.internal.util.Futures;
import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Prepares a statement for the statement cache on every node with a pool, at once: the caller's
 * statement completes with the first node that answers (each PREPARE is bounded by the request
 * timeout), and the other nodes get theirs in the background, so that a slow or silent node never
 * delays it. A node that fails for its own reasons (a closed connection, a timeout, overload) is
 * passed over while another may still answer; an error of the statement itself (syntax, an unknown
 * table), the same on every node, fails the caller at once. A node whose PREPARE failed or was
 * still running gets the statement again at its first UNPREPARED.
 */
final class NodePreparer {
  private static final Logger LOG = LoggerFactory.getLogger(NodePreparer.class);

  private final LoadBalancingPolicy loadBalancing;
  private final Map<DefaultNode, ChannelPool> pools; // the cluster's live map
  private final java.util.function.Supplier<String> keyspace; // the session's, now

  NodePreparer(
      LoadBalancingPolicy loadBalancing,
      Map<DefaultNode, ChannelPool> pools,
      java.util.function.Supplier<String> keyspace) {
    this.loadBalancing = loadBalancing;
    this.pools = pools;
    this.keyspace = keyspace;
  }

  /** Prepares on every node of a plan with an open connection; see the class comment. */
  CompletableFuture<DefaultPreparedStatement> prepare(StatementRequests requests, String query) {
    try {
      return prepareEverywhere(requests, query);
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e); // a future, never a throw: see the cache
    }
  }

  private CompletableFuture<DefaultPreparedStatement> prepareEverywhere(
      StatementRequests requests, String query) {
    String preparedIn = keyspace.get(); // the connections' keyspace now, not when it completes
    QueryPlan plan = loadBalancing.newPlan();
    List<DriverChannel> channels = new ArrayList<>();
    Map<SocketAddress, DefaultNode> nodes = new java.util.HashMap<>();
    DefaultNode node;
    while ((node = plan.poll()) != null) {
      ChannelPool pool = pools.get(node);
      DriverChannel channel = pool == null ? null : pool.next();
      if (channel != null) {
        channels.add(channel);
        nodes.put(channel.remoteAddress(), node);
      }
    }
    if (channels.isEmpty()) {
      return CompletableFuture.failedFuture(
          new NoNodeAvailableException("no connection to prepare '" + query + "' on"));
    }
    CompletableFuture<DefaultPreparedStatement> result = new CompletableFuture<>();
    Map<SocketAddress, Throwable> errors = new ConcurrentHashMap<>();
    AtomicInteger pending = new AtomicInteger(channels.size());
    for (DriverChannel channel : channels) {
      requests
          .prepare(channel, query)
          .whenComplete(
              (prepared, error) -> {
                if (error == null) {
                  boolean lwt = channel.features().isLwt(prepared.variables().flags());
                  result.complete(
                      new DefaultPreparedStatement(
                          query, preparedIn, prepared, lwt, requests.mappingCodecs()));
                } else {
                  Throwable cause = Futures.unwrap(error);
                  LOG.debug("[{}] prepare failed: {}", channel, cause.getMessage());
                  errors.put(channel.remoteAddress(), cause);
                  if (!nodeSpecific(cause)) {
                    result.completeExceptionally(cause); // the statement's own error
                  }
                }
                if (pending.decrementAndGet() == 0 && !result.isDone()) {
                  result.completeExceptionally(allFailed(query, errors, nodes));
                }
              });
    }
    return result;
  }

  private static Throwable allFailed(
      String query, Map<SocketAddress, Throwable> errors, Map<SocketAddress, DefaultNode> nodes) {
    if (errors.size() == 1) {
      return errors.values().iterator().next(); // one node: its error as it is
    }
    return new AllNodesFailedException("no node could prepare '" + query + "'", errors, nodes);
  }

  /**
   * Whether another node may succeed where this one failed: the node or the connection failed, not
   * the statement.
   */
  private static boolean nodeSpecific(Throwable error) {
    return error instanceof ConnectionException
        || error instanceof DriverTimeoutException
        || error instanceof BusyConnectionException
        || error instanceof FrameDecodingException
        || error instanceof OverloadedException
        || error instanceof BootstrappingException
        || error instanceof ServerErrorException
        || error instanceof ProtocolErrorException;
  }
}
