package io.scyllaboot.driver.internal.session;

import io.scyllaboot.driver.api.Compression;
import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.auth.AuthProvider;
import io.scyllaboot.driver.api.policy.SpeculativeExecutionPolicy;
import io.scyllaboot.driver.internal.cloud.SniProxy;
import io.scyllaboot.driver.internal.metrics.Instrumentation;
import io.scyllaboot.driver.internal.pool.PoolOptions;
import io.scyllaboot.driver.internal.routing.RoutingSettings;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.SSLContext;
import org.jspecify.annotations.Nullable;

/**
 * Everything a session is configured with, validated by the builder.
 *
 * @param protocolVersion 4 or 5 when pinned, 0 to negotiate (v5, falling back to v4)
 * @param sslContext TLS for every connection, or null for plain TCP
 * @param authProvider credentials for nodes that require authentication, or null
 * @param clientTimestamps whether every request carries a client-side timestamp
 * @param logServerWarnings whether warnings the server attaches to responses are logged at WARN
 * @param instrumentation meters and request listeners
 * @param nativeTransport whether the native epoll transport is used where available (else NIO)
 * @param pool how pools size themselves (per node, per shard) and reconnect
 * @param speculativeExecution when idempotent requests are also sent to the next node ({@code
 *     NONE}: never)
 * @param metadata whether and for which keyspaces the schema is kept, and the metadata listeners
 * @param routing local rack, remote-DC failover, node filter, address translation
 * @param policies retry policy, execution profiles, request ids, application name
 * @param sniProxy a cloud database's proxy, whose endpoints the contact points and every node's
 *     address are (a secure connect bundle's); null otherwise
 */
public record SessionSettings(
    List<InetSocketAddress> contactPoints,
    String keyspace,
    String localDatacenter,
    int protocolVersion,
    ConsistencyLevel consistency,
    ConsistencyLevel serialConsistency,
    int pageSize,
    Duration requestTimeout,
    Duration connectTimeout,
    Duration initQueryTimeout,
    int maxPrepared,
    int maxRequestsPerConnection,
    int maxQueuedRequests,
    String sessionName,
    int connectionsPerNode,
    Duration heartbeatInterval,
    Duration reconnectBaseDelay,
    Duration reconnectMaxDelay,
    int ioThreads,
    boolean nativeTransport,
    boolean idempotent,
    int maxConcurrentRequests,
    int maxThrottledQueue,
    Duration schemaAgreementTimeout,
    Instrumentation instrumentation,
    Compression compression,
    @Nullable SSLContext sslContext,
    boolean hostnameVerification,
    @Nullable AuthProvider authProvider,
    boolean clientTimestamps,
    boolean logServerWarnings,
    PoolOptions pool,
    SpeculativeExecutionPolicy speculativeExecution,
    MetadataSettings metadata,
    RoutingSettings routing,
    PolicySettings policies,
    @Nullable SniProxy sniProxy) {}
