package io.scyllaboot.driver.api;

import io.scyllaboot.driver.api.auth.AuthProvider;
import io.scyllaboot.driver.api.auth.PlainTextAuthProvider;
import io.scyllaboot.driver.api.metadata.NodeStateListener;
import io.scyllaboot.driver.api.metadata.SchemaChangeListener;
import io.scyllaboot.driver.api.metrics.RequestListener;
import io.scyllaboot.driver.api.policy.ReconnectionPolicy;
import io.scyllaboot.driver.api.policy.SpeculativeExecutionPolicy;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletionStage;
import javax.net.ssl.SSLContext;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Configures and opens a {@link CqlSession}. Every setter validates its argument at once and names
 * the bad value. Not thread-safe; use one builder per session.
 */
public final class CqlSessionBuilder extends SessionPolicyOptions {
  private static final Logger LOG = LoggerFactory.getLogger(CqlSessionBuilder.class);

  private final List<InetSocketAddress> contactPoints = new ArrayList<>();
  private String keyspace;
  private String localDatacenter;
  private @Nullable ProtocolVersion protocolVersion; // null: negotiate
  private Compression compression = Compression.NONE;
  private @Nullable AuthProvider authProvider;
  private @Nullable SSLContext sslContext;
  private boolean hostnameVerification = true;
  private ConsistencyLevel consistency = ConsistencyLevel.LOCAL_ONE;
  private ConsistencyLevel serialConsistency = ConsistencyLevel.SERIAL;
  private int pageSize = 5000;
  private Duration requestTimeout = Duration.ofSeconds(2);
  private Duration connectTimeout = Duration.ofSeconds(5);
  private Duration initQueryTimeout = Duration.ofSeconds(5);
  private int maxPrepared = 512;
  private int maxRequestsPerConnection = 1024;
  private int maxQueuedRequests = 16384;
  private String sessionName = "s0";
  private int connectionsPerNode = 1;
  private Duration heartbeatInterval = Duration.ofSeconds(30);
  private Duration reconnectBaseDelay = Duration.ofSeconds(1);
  private Duration reconnectMaxDelay = Duration.ofSeconds(60);
  private int ioThreads = Runtime.getRuntime().availableProcessors();
  private boolean nativeTransport = true;
  private boolean idempotent;
  private int maxConcurrentRequests;
  private int maxThrottledQueue = 10_000;
  private Duration schemaAgreementTimeout = Duration.ofSeconds(10);
  private Object meterRegistry;
  private boolean latencyHistograms;
  private final List<RequestListener> requestListeners = new ArrayList<>();
  private boolean schemaMetadata = true;
  private List<String> schemaKeyspaces = List.of();
  private final List<SchemaChangeListener> schemaListeners = new ArrayList<>();
  private final List<NodeStateListener> nodeListeners = new ArrayList<>();
  private boolean clientTimestamps = true;
  private int connectionsPerShard = 1;
  private boolean shardAware = true;
  private boolean shardAwarePort = true;
  private int sourcePortLow = 49152;
  private int sourcePortHigh = 65535;
  private boolean logServerWarnings = true;
  private SpeculativeExecutionPolicy speculativeExecution = SpeculativeExecutionPolicy.NONE;
  private Duration unresponsiveNodeTimeout = DEFAULT_UNRESPONSIVE_NODE_TIMEOUT;
  private io.scyllaboot.driver.internal.routing.RoutingSettings routing =
      io.scyllaboot.driver.internal.routing.RoutingSettings.DEFAULTS;

  /** The default of {@link #withUnresponsiveNodeTimeout}. */
  public static final Duration DEFAULT_UNRESPONSIVE_NODE_TIMEOUT = Duration.ofMillis(500);

  CqlSessionBuilder() {}

  /** Adds a node to connect to first. Default, when none is added: 127.0.0.1:9042. */
  public CqlSessionBuilder addContactPoint(InetSocketAddress address) {
    contactPoints.add(Objects.requireNonNull(address, "contact point"));
    return this;
  }

  /** The keyspace every connection USEs; default none. */
  public CqlSessionBuilder withKeyspace(String name) {
    this.keyspace = name;
    return this;
  }

  /** The data center whose nodes are preferred; default none (every node is local). */
  public CqlSessionBuilder withLocalDatacenter(String name) {
    this.localDatacenter = name;
    return this;
  }

  /**
   * Pins the protocol version. By default the driver negotiates: it offers {@link
   * ProtocolVersion#V5} and, when the first node refuses it, reconnects with {@link
   * ProtocolVersion#V4}; later connections use the outcome at once. A pinned version is never
   * downgraded: a node that refuses it fails the connection with a {@link
   * io.scyllaboot.driver.api.error.ConnectionException} caused by the node's {@link
   * io.scyllaboot.driver.api.error.ProtocolErrorException}.
   */
  public CqlSessionBuilder withProtocolVersion(ProtocolVersion version) {
    this.protocolVersion = Objects.requireNonNull(version, "protocol version");
    return this;
  }

  /**
   * Compresses the traffic with the node; default {@link Compression#NONE}. {@link Compression#LZ4}
   * needs {@code org.lz4:lz4-java} on the class path.
   *
   * @throws IllegalStateException if LZ4 is chosen and lz4-java is missing
   */
  public CqlSessionBuilder withCompression(Compression compression) {
    Objects.requireNonNull(compression, "compression");
    if (compression == Compression.LZ4) {
      try {
        Class.forName(
            "net.jpountz.lz4.LZ4Factory", false, CqlSessionBuilder.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        throw new IllegalStateException(
            "LZ4 compression needs org.lz4:lz4-java on the class path; add it as a dependency", e);
      }
    }
    this.compression = compression;
    return this;
  }

  /**
   * Logs in with a username and password (SASL PLAIN, for Cassandra's and ScyllaDB's {@code
   * PasswordAuthenticator}; without {@link #withSslContext} the session logs a warning when built,
   * since the password then crosses the network in clear text); shorthand for {@code
   * withAuthProvider(new PlainTextAuthProvider(username, password))}. Default: no credentials, and
   * a node that requires authentication fails the connection with an {@link
   * io.scyllaboot.driver.api.error.AuthenticationException}.
   *
   * @throws IllegalArgumentException if the username is empty
   */
  public CqlSessionBuilder withAuthCredentials(String username, String password) {
    return withAuthProvider(new PlainTextAuthProvider(username, password));
  }

  /**
   * Authenticates every connection with this provider, for mechanisms other than plain passwords;
   * default none. Replaces {@link #withAuthCredentials}.
   */
  public CqlSessionBuilder withAuthProvider(AuthProvider provider) {
    this.authProvider = Objects.requireNonNull(provider, "auth provider");
    return this;
  }

  /**
   * Encrypts every connection with TLS (1.3 or 1.2) from this context, which holds the trust
   * material (and a key for client authentication, if the nodes require one); default: plain TCP.
   * The node's certificate is checked against the contact point's host unless {@link
   * #withHostnameVerification(boolean)} turns that off. A handshake failure (for example an
   * untrusted certificate) fails the connection with a {@link
   * io.scyllaboot.driver.api.error.ConnectionException} naming the node and the reason.
   */
  public CqlSessionBuilder withSslContext(SSLContext context) {
    this.sslContext = Objects.requireNonNull(context, "SSL context");
    return this;
  }

  /**
   * Whether TLS connections check that the node's certificate names the host connected to (HTTPS
   * endpoint identification: a DNS name or IP address in its subject alternative names); default
   * true. Only meaningful with {@link #withSslContext(SSLContext)}; turn it off only for nodes
   * whose certificates cannot name them, since it lets anyone holding a trusted certificate
   * impersonate a node.
   */
  public CqlSessionBuilder withHostnameVerification(boolean verify) {
    this.hostnameVerification = verify;
    return this;
  }

  /** The default consistency level; default {@link ConsistencyLevel#LOCAL_ONE}. */
  public CqlSessionBuilder withConsistency(ConsistencyLevel level) {
    this.consistency = Objects.requireNonNull(level, "consistency");
    return this;
  }

  /** The default serial consistency; default {@link ConsistencyLevel#SERIAL}. */
  public CqlSessionBuilder withSerialConsistency(ConsistencyLevel level) {
    if (!Objects.requireNonNull(level, "serial consistency").isSerial()) {
      throw new IllegalArgumentException(
          "serial consistency must be SERIAL or LOCAL_SERIAL, was " + level);
    }
    this.serialConsistency = level;
    return this;
  }

  /** Rows per page by default; default 5000. */
  public CqlSessionBuilder withPageSize(int rows) {
    if (rows <= 0) {
      throw new IllegalArgumentException("page size must be positive, was " + rows);
    }
    this.pageSize = rows;
    return this;
  }

  /** The default request timeout; default 2 s. */
  public CqlSessionBuilder withRequestTimeout(Duration timeout) {
    requirePositive(timeout, "request timeout");
    this.requestTimeout = timeout;
    return this;
  }

  /** The TCP connect timeout; default 5 s. */
  public CqlSessionBuilder withConnectTimeout(Duration timeout) {
    requirePositive(timeout, "connect timeout");
    this.connectTimeout = timeout;
    return this;
  }

  /** The timeout of each request of a connection's handshake; default 5 s. */
  public CqlSessionBuilder withInitQueryTimeout(Duration timeout) {
    requirePositive(timeout, "init query timeout");
    this.initQueryTimeout = timeout;
    return this;
  }

  /** The size of the prepared-statement cache; default 512. */
  public CqlSessionBuilder withMaxPrepared(int statements) {
    if (statements <= 0) {
      throw new IllegalArgumentException("max prepared must be positive, was " + statements);
    }
    this.maxPrepared = statements;
    return this;
  }

  /**
   * Requests in flight per connection (stream ids), 1 to 32767; default 1024. (Stream 0 is never
   * lent to a request: a node answers some errors on it whatever the request's stream was.)
   */
  public CqlSessionBuilder withMaxRequestsPerConnection(int requests) {
    if (requests < 1 || requests > 32767) {
      throw new IllegalArgumentException(
          "max requests per connection must be in [1, 32767], was " + requests);
    }
    this.maxRequestsPerConnection = requests;
    return this;
  }

  /**
   * Requests that may wait for a stream id on a connection before new ones fail with {@link
   * io.scyllaboot.driver.api.error.BusyConnectionException}; default 16384.
   */
  public CqlSessionBuilder withMaxQueuedRequests(int requests) {
    if (requests < 0) {
      throw new IllegalArgumentException(
          "max queued requests must not be negative, was " + requests);
    }
    this.maxQueuedRequests = requests;
    return this;
  }

  /** The name that prefixes the session's log lines and thread names; default {@code s0}. */
  public CqlSessionBuilder withSessionName(String name) {
    this.sessionName = Objects.requireNonNull(name, "session name");
    return this;
  }

  /** Connections to each node of the local data center, at least 1; default 1. */
  public CqlSessionBuilder withConnectionsPerNode(int connections) {
    if (connections < 1) {
      throw new IllegalArgumentException(
          "connections per node must be at least 1, was " + connections);
    }
    this.connectionsPerNode = connections;
    return this;
  }

  /**
   * Idle time after which a connection is checked with a heartbeat; zero disables; default 30 s.
   */
  public CqlSessionBuilder withHeartbeatInterval(Duration interval) {
    Objects.requireNonNull(interval, "heartbeat interval");
    if (interval.isNegative()) {
      throw new IllegalArgumentException(
          "heartbeat interval must not be negative, was " + interval);
    }
    this.heartbeatInterval = interval;
    return this;
  }

  /**
   * When an idempotent request not answered yet is also sent to the next node of its plan: {@link
   * SpeculativeExecutionPolicy#constantDelay}, {@link SpeculativeExecutionPolicy#percentile} or
   * your own. Default {@link SpeculativeExecutionPolicy#NONE}: each speculative execution is extra
   * load on the cluster, so turn it on where latency matters more and the cluster has headroom.
   */
  public CqlSessionBuilder withSpeculativeExecution(SpeculativeExecutionPolicy policy) {
    this.speculativeExecution = Objects.requireNonNull(policy, "speculative execution policy");
    return this;
  }

  /**
   * How long a connection may read nothing while requests wait on it before its node counts as
   * unresponsive (a frozen process, a stalled node): new requests then go to other nodes first as
   * if it were down, until it answers again, and idempotent requests that waited that long on it
   * move to the next node of their plan (once per request). Zero disables; default 500 ms.
   */
  public CqlSessionBuilder withUnresponsiveNodeTimeout(Duration timeout) {
    Objects.requireNonNull(timeout, "unresponsive node timeout");
    if (timeout.isNegative()) {
      throw new IllegalArgumentException(
          "unresponsive node timeout must not be negative, was " + timeout);
    }
    this.unresponsiveNodeTimeout = timeout;
    return this;
  }

  /**
   * The delays between reconnection attempts to a node: exponential from {@code base} up to {@code
   * max}, with jitter; defaults 1 s and 60 s.
   */
  public CqlSessionBuilder withReconnectionDelays(Duration base, Duration max) {
    requirePositive(base, "reconnection base delay");
    requirePositive(max, "reconnection max delay");
    if (max.compareTo(base) < 0) {
      throw new IllegalArgumentException(
          "reconnection max delay " + max + " is shorter than the base delay " + base);
    }
    this.reconnectBaseDelay = base;
    this.reconnectMaxDelay = max;
    return this;
  }

  /** Netty I/O threads; default the number of processors. */
  public CqlSessionBuilder withIoThreads(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("I/O threads must be at least 1, was " + threads);
    }
    this.ioThreads = threads;
    return this;
  }

  /**
   * Whether the I/O threads use Netty's native epoll transport where it is available (Linux with
   * {@code netty-transport-native-epoll} on the class path, which this driver brings for x86_64);
   * default true. False forces Java NIO, as does the system property {@code
   * scyllaboot.transport=nio}. Elsewhere NIO is used anyway.
   */
  public CqlSessionBuilder withNativeTransport(boolean nativeTransport) {
    this.nativeTransport = nativeTransport;
    return this;
  }

  /**
   * Whether statements that do not say otherwise are idempotent, so that they may be retried after
   * a connection failure or write timeout; default false.
   */
  public CqlSessionBuilder withIdempotentByDefault(boolean idempotentByDefault) {
    this.idempotent = idempotentByDefault;
    return this;
  }

  /**
   * Limits the requests in flight in the session: past {@code maxConcurrent}, up to {@code
   * maxQueued} requests wait, and more fail with {@link
   * io.scyllaboot.driver.api.error.RequestThrottledException}. Default: no limit.
   */
  public CqlSessionBuilder withThrottling(int maxConcurrent, int maxQueued) {
    if (maxConcurrent < 1 || maxQueued < 0) {
      throw new IllegalArgumentException(
          "throttling needs max concurrent >= 1 and max queued >= 0, were "
              + maxConcurrent
              + " and "
              + maxQueued);
    }
    this.maxConcurrentRequests = maxConcurrent;
    this.maxThrottledQueue = maxQueued;
    return this;
  }

  /** How long DDL waits for every node to agree on the schema; default 10 s. */
  public CqlSessionBuilder withSchemaAgreementTimeout(Duration timeout) {
    requirePositive(timeout, "schema agreement timeout");
    this.schemaAgreementTimeout = timeout;
    return this;
  }

  /**
   * Connections to each shard of a ScyllaDB node (default 1); Apache Cassandra nodes are not
   * sharded and get {@link #withConnectionsPerNode} connections.
   */
  public CqlSessionBuilder withConnectionsPerShard(int connections) {
    if (connections < 1) {
      throw new IllegalArgumentException(
          "connections per shard must be at least 1, was " + connections);
    }
    this.connectionsPerShard = connections;
    return this;
  }

  /**
   * Whether ScyllaDB nodes get connections per shard and requests go to the connection of the shard
   * that owns their token (default true). Off, a ScyllaDB node is pooled like a Cassandra node.
   */
  public CqlSessionBuilder withShardAwareness(boolean enabled) {
    this.shardAware = enabled;
    return this;
  }

  /**
   * Whether connections to a shard go through the node's shard-aware port (ScyllaDB's {@code
   * SCYLLA_SHARD_AWARE_PORT}, 19042 by default) from a local port that selects the shard (default
   * true); off, or when the node has none, connections go to the regular port until every shard has
   * its own. The local ports come from {@link #withShardAwareSourcePorts}.
   */
  public CqlSessionBuilder withShardAwarePort(boolean enabled) {
    this.shardAwarePort = enabled;
    return this;
  }

  /** The local ports to connect to a shard-aware port from; default 49152-65535. */
  public CqlSessionBuilder withShardAwareSourcePorts(int low, int high) {
    new io.scyllaboot.driver.internal.connection.ShardAwarePorts(low, high); // validates
    this.sourcePortLow = low;
    this.sourcePortHigh = high;
    return this;
  }

  /**
   * Whether every request carries a client-side timestamp (default true): microseconds since the
   * epoch, strictly increasing within the session even under concurrency, so that a retried or
   * reordered write never overwrites a newer one. {@link
   * io.scyllaboot.driver.api.cql.Statement#withTimestamp} overrides it per statement. Off: the
   * coordinator's clock decides.
   */
  public CqlSessionBuilder withClientTimestamps(boolean enabled) {
    this.clientTimestamps = enabled;
    return this;
  }

  /**
   * Whether warnings the server attaches to a response (e.g. a large batch, an aggregation across
   * partitions) are logged at WARN with the statement, once per response (default true). They are
   * in {@code ExecutionInfo.warnings()} either way.
   */
  public CqlSessionBuilder withServerWarningsLogged(boolean logged) {
    this.logServerWarnings = logged;
    return this;
  }

  /**
   * Registers the session's meters (see {@link io.scyllaboot.driver.api.metrics.DriverMetric}) in
   * this Micrometer {@code MeterRegistry}; default none, and then metrics cost nothing.
   *
   * @param registry an {@code io.micrometer.core.instrument.MeterRegistry}
   * @throws IllegalArgumentException if it is not one
   */
  public CqlSessionBuilder withMeterRegistry(Object registry) {
    if (registry != null && !isMeterRegistry(registry)) {
      throw new IllegalArgumentException(
          "expected an io.micrometer.core.instrument.MeterRegistry, got "
              + registry.getClass().getName());
    }
    this.meterRegistry = registry;
    return this;
  }

  /**
   * Whether the request timer ({@code scylla.requests}) publishes a percentile histogram, from
   * which a monitoring system computes latency percentiles across instances (e.g. Prometheus'
   * {@code histogram_quantile}); default false, since it adds dozens of time series per outcome.
   */
  public CqlSessionBuilder withLatencyHistograms(boolean enabled) {
    this.latencyHistograms = enabled;
    return this;
  }

  /**
   * Adds a listener that hears the start and the end of every request (see {@link
   * RequestListener}), e.g. for tracing; listeners are called in the order they were added. With
   * none, the request path pays one null check.
   */
  public CqlSessionBuilder addRequestListener(RequestListener listener) {
    requestListeners.add(Objects.requireNonNull(listener, "request listener"));
    return this;
  }

  /**
   * Whether the session keeps a schema snapshot ({@code session.metadata().schema()}), read at
   * start-up and refreshed on schema events and after its own DDL. Default true. Off, {@code
   * schema()} reads the schema on each call, and schema change listeners hear nothing.
   */
  public CqlSessionBuilder withSchemaMetadata(boolean enabled) {
    this.schemaMetadata = enabled;
    return this;
  }

  /**
   * Limits the schema metadata to these keyspaces (names as the server stores them, case kept):
   * each refresh reads only their rows. Default: every keyspace.
   */
  public CqlSessionBuilder withSchemaKeyspaces(List<String> keyspaces) {
    Objects.requireNonNull(keyspaces, "schema keyspaces");
    for (String name : keyspaces) {
      if (name == null || name.isBlank()) {
        throw new IllegalArgumentException(
            "schema keyspaces must be keyspace names, got " + keyspaces);
      }
    }
    this.schemaKeyspaces = List.copyOf(keyspaces);
    return this;
  }

  /** Adds a listener for schema changes (see {@link SchemaChangeListener}). */
  public CqlSessionBuilder addSchemaChangeListener(SchemaChangeListener listener) {
    schemaListeners.add(Objects.requireNonNull(listener, "schema change listener"));
    return this;
  }

  /** Adds a listener for nodes added, removed, up and down (see {@link NodeStateListener}). */
  public CqlSessionBuilder addNodeStateListener(NodeStateListener listener) {
    nodeListeners.add(Objects.requireNonNull(listener, "node state listener"));
    return this;
  }

  private static boolean isMeterRegistry(Object registry) {
    for (Class<?> type = registry.getClass(); type != null; type = type.getSuperclass()) {
      if (type.getName().equals("io.micrometer.core.instrument.MeterRegistry")) {
        return true;
      }
    }
    return false;
  }

  /**
   * The rack of the local data center whose nodes come first (replicas of the local rack, then the
   * other local replicas; see docs/driver.md#routing). Default: none.
   */
  public CqlSessionBuilder withLocalRack(String rack) {
    routing = routing.withLocalRack(Objects.requireNonNull(rack, "rack"));
    return this;
  }

  /**
   * Remote-DC failover: at most {@code maxNodesPerRemoteDc} up nodes of each remote data center
   * follow the local ones in plans (pools are opened to them), except for {@code LOCAL_*}
   * consistency unless {@code allowForLocalConsistencyLevels}. Default 0: never remote.
   */
  public CqlSessionBuilder withRemoteDatacenterFailover(
      int maxNodesPerRemoteDc, boolean allowForLocalConsistencyLevels) {
    routing = routing.withRemoteFailover(maxNodesPerRemoteDc, allowForLocalConsistencyLevels);
    return this;
  }

  /** Only nodes this predicate accepts get a pool and requests (asked on topology changes). */
  public CqlSessionBuilder withNodeFilter(
      java.util.function.Predicate<io.scyllaboot.driver.api.metadata.Node> filter) {
    routing = routing.withNodeFilter(filter);
    return this;
  }

  /** How advertised node addresses become the ones to connect to (NAT, Kubernetes, proxies). */
  public CqlSessionBuilder withAddressTranslator(
      io.scyllaboot.driver.api.policy.AddressTranslator translator) {
    routing = routing.withAddressTranslator(Objects.requireNonNull(translator, "translator"));
    return this;
  }

  /**
   * ScyllaDB client routes (PrivateLink, Private Service Connect): every node is reached where the
   * rows of {@code system.client_routes} for these connection ids put it (found by host id; {@code
   * port}, or {@code tls_port} with TLS), read at start-up, on every topology refresh and on {@code
   * CLIENT_ROUTES_CHANGE} events; a node without a route gets no connection (logged). The contact
   * points are the private endpoint's addresses. Connections go to the route's port only (no
   * shard-aware port: a proxy does not keep source ports); requests still go to the shard of their
   * token. Default: none (see docs/scylladb.md#client-routes).
   *
   * @throws IllegalArgumentException if a connection id is blank
   * @throws IllegalStateException if an address translator is configured too
   */
  public CqlSessionBuilder withClientRoutes(java.util.Collection<String> connectionIds) {
    routing = routing.withClientRoutes(List.copyOf(connectionIds));
    return this;
  }

  /** Opens the session: connects and initialises, then completes. */
  public CompletionStage<CqlSession> buildAsync() {
    if (authProvider != null && sslContext == null) {
      // Once per session, here rather than per connection: SASL PLAIN sends the password as is.
      LOG.warn(
          "[{}] credentials are configured without TLS: the password, and every query and result,"
              + " cross the network in clear text; add an SSL context (withSslContext, or"
              + " scylla.ssl.enabled / scylla.ssl.bundle with the starter)",
          sessionName);
    }
    List<InetSocketAddress> points =
        contactPoints.isEmpty() ? List.of(new InetSocketAddress("127.0.0.1", 9042)) : contactPoints;
    return io.scyllaboot.driver.internal.session.DefaultCqlSession.connect(
        new io.scyllaboot.driver.internal.session.SessionSettings(
            List.copyOf(points),
            keyspace,
            localDatacenter,
            protocolVersion == null ? 0 : protocolVersion.code(),
            consistency,
            serialConsistency,
            pageSize,
            requestTimeout,
            connectTimeout,
            initQueryTimeout,
            maxPrepared,
            maxRequestsPerConnection,
            maxQueuedRequests,
            sessionName,
            connectionsPerNode,
            heartbeatInterval,
            reconnectBaseDelay,
            reconnectMaxDelay,
            ioThreads,
            nativeTransport,
            idempotent,
            maxConcurrentRequests,
            maxThrottledQueue,
            schemaAgreementTimeout,
            new io.scyllaboot.driver.internal.metrics.Instrumentation(
                meterRegistry, latencyHistograms, requestListeners),
            compression,
            sslContext,
            hostnameVerification,
            authProvider,
            clientTimestamps,
            logServerWarnings,
            new io.scyllaboot.driver.internal.pool.PoolOptions(
                connectionsPerNode,
                connectionsPerShard,
                shardAware,
                shardAwarePort,
                new io.scyllaboot.driver.internal.connection.ShardAwarePorts(
                    sourcePortLow, sourcePortHigh),
                reconnectionPolicy() != null
                    ? reconnectionPolicy()
                    : ReconnectionPolicy.exponential(reconnectBaseDelay, reconnectMaxDelay),
                unresponsiveNodeTimeout,
                maxConcurrentOpens()),
            speculativeExecution,
            new io.scyllaboot.driver.internal.session.MetadataSettings(
                schemaMetadata, schemaKeyspaces, schemaListeners, nodeListeners),
            routing,
            new io.scyllaboot.driver.internal.session.PolicySettings(
                retryPolicy(),
                profiles(),
                requestIdGenerator(),
                applicationName(),
                applicationVersion())));
  }

  /**
   * Opens the session and waits for it.
   *
   * @throws io.scyllaboot.driver.api.error.AuthenticationException if a node rejected the
   *     credentials, or requires some and none are configured; it names the node
   * @throws io.scyllaboot.driver.api.error.ConnectionException if no contact point accepts a
   *     connection (a TLS handshake failure names the node and the reason)
   */
  public CqlSession build() {
    try {
      return buildAsync().toCompletableFuture().join();
    } catch (java.util.concurrent.CompletionException e) {
      if (e.getCause() instanceof RuntimeException cause) {
        throw cause;
      }
      throw e;
    }
  }

  /** The settings, for logs and diagnostics; the password is never shown. */
  @Override
  public String toString() {
    return "CqlSessionBuilder{sessionName="
        + sessionName
        + ", contactPoints="
        + contactPoints.stream()
            .map(point -> point.getHostString() + ":" + point.getPort())
            .toList()
        + ", keyspace="
        + keyspace
        + ", localDatacenter="
        + localDatacenter
        + ", protocolVersion="
        + protocolVersion
        + ", consistency="
        + consistency
        + ", serialConsistency="
        + serialConsistency
        + ", pageSize="
        + pageSize
        + ", requestTimeout="
        + requestTimeout
        + ", connectTimeout="
        + connectTimeout
        + ", initQueryTimeout="
        + initQueryTimeout
        + ", maxPrepared="
        + maxPrepared
        + ", connectionsPerNode="
        + connectionsPerNode
        + ", connectionsPerShard="
        + connectionsPerShard
        + ", shardAware="
        + shardAware
        + ", shardAwarePort="
        + (shardAwarePort ? sourcePortLow + "-" + sourcePortHigh : "off")
        + ", maxRequestsPerConnection="
        + maxRequestsPerConnection
        + ", heartbeatInterval="
        + heartbeatInterval
        + ", idempotent="
        + idempotent
        + ", speculativeExecution="
        + (speculativeExecution == SpeculativeExecutionPolicy.NONE ? "none" : speculativeExecution)
        + ", unresponsiveNodeTimeout="
        + unresponsiveNodeTimeout
        + ", routing="
        + routing.describe()
        + ", clientTimestamps="
        + clientTimestamps
        + ", throttling="
        + (maxConcurrentRequests > 0 ? maxConcurrentRequests + "/" + maxThrottledQueue : "off")
        + ", metrics="
        + (meterRegistry == null ? "off" : latencyHistograms ? "on+histograms" : "on")
        + ", requestListeners="
        + requestListeners.size()
        + ", schemaMetadata="
        + (schemaMetadata ? (schemaKeyspaces.isEmpty() ? "all" : schemaKeyspaces) : "off")
        + ", schemaListeners="
        + schemaListeners.size()
        + ", nodeStateListeners="
        + nodeListeners.size()
        + ", compression="
        + compression
        + ", ssl="
        + (sslContext != null)
        + ", hostnameVerification="
        + hostnameVerification
        + ", auth="
        + (authProvider == null ? "none" : authProvider)
        + describePolicies()
        + "}";
  }

  private static void requirePositive(Duration duration, String what) {
    Objects.requireNonNull(duration, what);
    if (duration.isNegative() || duration.isZero()) {
      throw new IllegalArgumentException(what + " must be positive, was " + duration);
    }
  }
}
