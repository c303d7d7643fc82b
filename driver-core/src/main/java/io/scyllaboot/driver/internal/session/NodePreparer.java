package io.scyllaboot.driver.internal.session;

import io.scyllaboot.driver.api.error.AllNodesFailedException;
import io.scyllaboot.driver.internal.connection.DriverChannel;
import io.scyllaboot.driver.internal.cql.DefaultPreparedStatement;
import io.scyllaboot.driver.internal.metadata.DefaultNode;
import io.scyllaboot.driver.internal.pool.ChannelPool;
import io.scyllaboot.driver.internal.routing.LoadBalancingPolicy;
import io.scyllaboot.driver.internal.routing.QueryPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Prepares a statement for the statement cache on every node with a pool: on the first node of a
 * plan, then on the others, completing once each has answered, so that no node meets the
 * statement's first EXECUTE without knowing it.
 */
final class NodePreparer {
  private static final Logger LOG = LoggerFactory.getLogger(NodePreparer.class);

  private final LoadBalancingPolicy loadBalancing;
  private final Map<DefaultNode, ChannelPool> pools; // the cluster's live map
  private final String keyspace;

  NodePreparer(
      LoadBalancingPolicy loadBalancing, Map<DefaultNode, ChannelPool> pools, String keyspace) {
    this.loadBalancing = loadBalancing;
    this.pools = pools;
    this.keyspace = keyspace;
  }

  /**
   * Prepares on the first node of a plan, then (without waiting) on every other node with a pool,
   * so that each node knows the statement before its first EXECUTE.
   */
  CompletableFuture<DefaultPreparedStatement> prepare(StatementRequests requests, String query) {
    try {
      return prepareOnFirstNode(requests, query);
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e); // a future, never a throw: see the cache
    }
  }

  private CompletableFuture<DefaultPreparedStatement> prepareOnFirstNode(
      StatementRequests requests, String query) {
    QueryPlan plan = loadBalancing.newPlan();
    DefaultNode node;
    while ((node = plan.poll()) != null) {
      ChannelPool pool = pools.get(node);
      DriverChannel channel = pool == null ? null : pool.next();
      if (channel == null) {
        continue;
      }
      DefaultNode first = node;
      return requests
          .prepare(channel, query)
          .thenCompose(
              prepared -> {
                boolean lwt = channel.features().isLwt(prepared.variables().flags());
                DefaultPreparedStatement statement =
                    new DefaultPreparedStatement(query, keyspace, prepared, lwt);
                // Completes once every node knows it: a first EXECUTE right after this would
                // otherwise meet UNPREPARED on a node the background PREPARE has not reached.
                return prepareOnOtherNodes(requests, query, first).thenApply(done -> statement);
              })
          .toCompletableFuture();
    }
    return CompletableFuture.failedFuture(
        new AllNodesFailedException("no connection to prepare '" + query + "' on", Map.of()));
  }

  /**
   * Prepares on every other node with an open connection; completes when each has answered or
   * failed (a node that fails gets the statement again on its first UNPREPARED).
   */
  private CompletableFuture<Void> prepareOnOtherNodes(
      StatementRequests requests, String query, DefaultNode done) {
    List<CompletableFuture<?>> others = new ArrayList<>();
    for (ChannelPool pool : pools.values()) {
      DriverChannel channel = pool.node() == done ? null : pool.next();
      if (channel != null) {
        others.add(
            requests
                .prepare(channel, query)
                .exceptionally(
                    error -> {
                      LOG.debug("[{}] prepare failed: {}", channel, error.getMessage());
                      return null;
                    })
                .toCompletableFuture());
      }
    }
    return CompletableFuture.allOf(others.toArray(new CompletableFuture<?>[0]));
  }
}
