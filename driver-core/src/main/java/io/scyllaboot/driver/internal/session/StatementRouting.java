package io.scyllaboot.driver.internal.session;

import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.api.cql.StatementOptions;
import io.scyllaboot.driver.internal.connection.DriverChannel;
import io.scyllaboot.driver.internal.cql.DefaultBoundStatement;
import io.scyllaboot.driver.internal.cql.DefaultPreparedStatement;
import io.scyllaboot.driver.internal.cql.RoutingKey;
import io.scyllaboot.driver.internal.pool.ChannelPool;
import io.scyllaboot.driver.internal.routing.LoadBalancingPolicy;
import io.scyllaboot.driver.internal.routing.QueryPlan;
import io.scyllaboot.driver.internal.routing.RoutingSettings;

/**
 * Where a statement goes: its token, its plan (a pinned node, its profile's data center, or the
 * load-balancing policy's plan with remote failover and tablet leaders as its consistency allows),
 * and the connection of a plan's node. On the request path: no allocation beyond the plan's.
 */
final class StatementRouting {
  private final Cluster cluster;
  private final RequestPolicies policies;
  private final ConsistencyLevel defaultConsistency;

  StatementRouting(Cluster cluster, RequestPolicies policies, ConsistencyLevel defaultConsistency) {
    this.cluster = cluster;
    this.policies = policies;
    this.defaultConsistency = defaultConsistency;
  }

  /** The token of a statement whose routing key is known, else {@link #NO_TOKEN}. */
  static long tokenOf(Statement<?> statement) {
    if (statement instanceof DefaultBoundStatement bound && RoutingKey.isRoutable(bound)) {
      long token = RoutingKey.token(bound);
      return token == NO_TOKEN
          ? token + 1
          : token; // one token of 2^64 shares its neighbour's shard
    }
    return NO_TOKEN;
  }

  /** Marks "no token": Long.MIN_VALUE is not a Murmur3 token the server produces. */
  static final long NO_TOKEN = Long.MIN_VALUE;

  QueryPlan planFor(Statement<?> statement, long token) {
    StatementOptions options = statement.options();
    if (options.node() != null) {
      return LoadBalancingPolicy.pinned(cluster.node(options.node()));
    }
    LoadBalancingPolicy loadBalancing = cluster.loadBalancing();
    String profileDatacenter = policies.datacenter(statement);
    if (profileDatacenter != null) {
      return profilePlan(loadBalancing, profileDatacenter, statement, token);
    }
    RoutingSettings routing = loadBalancing.routing();
    // One field read when failover is off; else the consistency decides.
    boolean remote =
        routing.maxNodesPerRemoteDc() > 0 && routing.remoteAllowed(consistencyOf(options));
    if (token != NO_TOKEN) {
      DefaultBoundStatement bound = (DefaultBoundStatement) statement;
      DefaultPreparedStatement prepared = bound.prepared();
      // Tablets routing v2: the leader first, but ONE/LOCAL_ONE (any replica may serve them) keep
      // spreading over the replicas.
      boolean leaderFirst = routing.tabletsRoutingV2() && !isOne(consistencyOf(options));
      return loadBalancing.newPlan(
          RoutingKey.keyspace(bound),
          prepared.table(),
          token,
          prepared.isLwt(),
          remote,
          leaderFirst);
    }
    return remote ? loadBalancing.newPlan(null, 0, false, false, true) : loadBalancing.newPlan();
  }

  /** A plan in the data center of the statement's profile (no remote failover there). */
  private static QueryPlan profilePlan(
      LoadBalancingPolicy loadBalancing, String datacenter, Statement<?> statement, long token) {
    if (token == NO_TOKEN) {
      return loadBalancing.newPlanIn(datacenter, null, null, 0, false, false);
    }
    DefaultBoundStatement bound = (DefaultBoundStatement) statement;
    DefaultPreparedStatement prepared = bound.prepared();
    return loadBalancing.newPlanIn(
        datacenter, RoutingKey.keyspace(bound), prepared.table(), token, true, prepared.isLwt());
  }

  private ConsistencyLevel consistencyOf(StatementOptions options) {
    return options.consistency() != null ? options.consistency() : defaultConsistency;
  }

  private static boolean isOne(ConsistencyLevel level) {
    return level == ConsistencyLevel.ONE || level == ConsistencyLevel.LOCAL_ONE;
  }

  /**
   * A connection of a node's pool: of the plan's shard for this node (a tablet's) when it has one,
   * else of the token's shard when there is a token, else the least busy.
   */
  static DriverChannel connection(ChannelPool pool, QueryPlan plan, long token) {
    return connection(pool, plan.shard(), token);
  }

  /** As {@link #connection(ChannelPool, QueryPlan, long)}, for a plan position's shard. */
  static DriverChannel connection(ChannelPool pool, int shard, long token) {
    if (pool == null) {
      return null;
    }
    if (shard >= 0) {
      return pool.nextOnShard(shard);
    }
    return token == NO_TOKEN ? pool.next() : pool.next(token);
  }
}
