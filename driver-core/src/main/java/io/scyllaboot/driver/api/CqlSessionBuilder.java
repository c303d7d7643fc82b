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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import javax.net.ssl.SSLContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Configures and opens a {@link CqlSession}. Every setter validates its argument at once and names
 * the bad value. Not thread-safe; use one builder per session.
 */
public final class CqlSessionBuilder extends SessionRoutingOptions {
  private static final Logger LOG = LoggerFactory.getLogger(CqlSessionBuilder.class);

  private final List<InetSocketAddress> contactPoints = new ArrayList<>();
  private String keyspace;
  private String localDatacenter;
  private int maxPrepared = 512;
  private String sessionName = "s0";
  private final ConnectionOptions connection = new ConnectionOptions();
  private final RequestOptions request = new RequestOptions();
  private final PoolingOptions pooling = new PoolingOptions();
  private final MetadataOptions metadata = new MetadataOptions();
  private final MetricsOptions metrics = new MetricsOptions();
  private final List<io.scyllaboot.driver.api.type.MappingCodec<?, ?>> mappingCodecs =
      new ArrayList<>();

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
    connection.protocolVersion = Objects.requireNonNull(version, "protocol version");
    return this;
  }

  /**
   * Compresses the traffic with the node; default {@link Compression#NONE}. {@link Compression#LZ4}
   * needs {@code org.lz4:lz4-java} on the class path.
   *
   * @throws IllegalStateException if LZ4 is chosen and lz4-java is missing
   */
  public CqlSessionBuilder withCompression(Compression compression) {
    connection.compression(compression);
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
    connection.authProvider = Objects.requireNonNull(provider, "auth provider");
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
    connection.sslContext = Objects.requireNonNull(context, "SSL context");
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
    connection.hostnameVerification = verify;
    return this;
  }

  /** The default consistency level; default {@link ConsistencyLevel#LOCAL_ONE}. */
  public CqlSessionBuilder withConsistency(ConsistencyLevel level) {
    request.consistency(level);
    return this;
  }

  /** The default serial consistency; default {@link ConsistencyLevel#SERIAL}. */
  public CqlSessionBuilder withSerialConsistency(ConsistencyLevel level) {
    request.serialConsistency(level);
    return this;
  }

  /** Rows per page by default; default 5000. */
  public CqlSessionBuilder withPageSize(int rows) {
    request.pageSize(rows);
    return this;
  }

  /** The default request timeout; default 2 s. */
  public CqlSessionBuilder withRequestTimeout(Duration timeout) {
    request.timeout(timeout);
    return this;
  }

  /** The TCP connect timeout; default 5 s. */
  public CqlSessionBuilder withConnectTimeout(Duration timeout) {
    connection.connectTimeout(timeout);
    return this;
  }

  /** The timeout of each request of a connection's handshake; default 5 s. */
  public CqlSessionBuilder withInitQueryTimeout(Duration timeout) {
    connection.initQueryTimeout(timeout);
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
    connection.maxRequestsPerConnection(requests);
    return this;
  }

  /**
   * Requests that may wait for a stream id on a connection before new ones fail with {@link
   * io.scyllaboot.driver.api.error.BusyConnectionException}; default 16384.
   */
  public CqlSessionBuilder withMaxQueuedRequests(int requests) {
    connection.maxQueuedRequests(requests);
    return this;
  }

  /** The name that prefixes the session's log lines and thread names; default {@code s0}. */
  public CqlSessionBuilder withSessionName(String name) {
    this.sessionName = Objects.requireNonNull(name, "session name");
    return this;
  }

  /** Connections to each node of the local data center, at least 1; default 1. */
  public CqlSessionBuilder withConnectionsPerNode(int connections) {
    pooling.connectionsPerNode(connections);
    return this;
  }

  /**
   * Idle time after which a connection is checked with a heartbeat; zero disables; default 30 s.
   */
  public CqlSessionBuilder withHeartbeatInterval(Duration interval) {
    connection.heartbeatInterval(interval);
    return this;
  }

  /**
   * When an idempotent request not answered yet is also sent to the next node of its plan: {@link
   * SpeculativeExecutionPolicy#constantDelay}, {@link SpeculativeExecutionPolicy#percentile} or
   * your own. Default {@link SpeculativeExecutionPolicy#NONE}: each speculative execution is extra
   * load on the cluster, so turn it on where latency matters more and the cluster has headroom.
   */
  public CqlSessionBuilder withSpeculativeExecution(SpeculativeExecutionPolicy policy) {
    request.speculativeExecution(policy);
    return this;
  }

  /**
   * How long a connection may read nothing while requests wait on it before its node counts as
   * unresponsive (a frozen process, a stalled node): new requests then go to other nodes first as
   * if it were down, until it answers again, and idempotent requests that waited that long on it
   * move to the next node of their plan (once per request, and only when the plan has one). After
   * half of it an OPTIONS probe is sent: a node that answers it is alive, only slow (a big
   * partition, an ANN search), and is neither avoided nor are its requests moved. Requests that are
   * not idempotent are never failed by this: they wait for their answer or their own timeout. Zero
   * disables.
   *
   * <p>Default: half the {@linkplain #withRequestTimeout request timeout} (1 s with the default 2
   * s). A stall shorter than that (a GC pause, a reactor stall) is waited out: every request in
   * flight is answered a moment later, well within its timeout, so moving requests or demoting the
   * node would only spread load and run idempotent requests twice. A longer stall threatens the
   * requests' timeouts, and an idempotent request moved then keeps half its timeout for the next
   * node. The default follows a request timeout set on this builder.
   */
  public CqlSessionBuilder withUnresponsiveNodeTimeout(Duration timeout) {
    pooling.unresponsiveNodeTimeout(timeout);
    return this;
  }

  /**
   * The delays between reconnection attempts to a node: exponential from {@code base} up to {@code
   * max}, with jitter; defaults 1 s and 60 s.
   */
  public CqlSessionBuilder withReconnectionDelays(Duration base, Duration max) {
    pooling.reconnectionDelays(base, max);
    return this;
  }

  /** Netty I/O threads; default the number of processors. */
  public CqlSessionBuilder withIoThreads(int threads) {
    connection.ioThreads(threads);
    return this;
  }

  /**
   * Whether the I/O threads use Netty's native epoll transport where it is available (Linux with
   * {@code netty-transport-native-epoll} on the class path, which this driver brings for x86_64);
   * default true. False forces Java NIO, as does the system property {@code
   * scyllaboot.transport=nio}. Elsewhere NIO is used anyway.
   */
  public CqlSessionBuilder withNativeTransport(boolean nativeTransport) {
    connection.nativeTransport = nativeTransport;
    return this;
  }

  /**
   * Whether statements that do not say otherwise are idempotent, so that they may be retried after
   * a connection failure or write timeout; default false.
   */
  public CqlSessionBuilder withIdempotentByDefault(boolean idempotentByDefault) {
    request.idempotent = idempotentByDefault;
    return this;
  }

  /**
   * Limits the requests in flight in the session: past {@code maxConcurrent}, up to {@code
   * maxQueued} requests wait, and more fail with {@link
   * io.scyllaboot.driver.api.error.RequestThrottledException}. Default: no limit.
   */
  public CqlSessionBuilder withThrottling(int maxConcurrent, int maxQueued) {
    request.throttling(maxConcurrent, maxQueued);
    return this;
  }

  /** How long DDL waits for every node to agree on the schema; default 10 s. */
  public CqlSessionBuilder withSchemaAgreementTimeout(Duration timeout) {
    metadata.schemaAgreementTimeout(timeout);
    return this;
  }

  /**
   * Connections to each shard of a ScyllaDB node (default 1); Apache Cassandra nodes are not
   * sharded and get {@link #withConnectionsPerNode} connections.
   */
  public CqlSessionBuilder withConnectionsPerShard(int connections) {
    pooling.connectionsPerShard(connections);
    return this;
  }

  /**
   * Whether ScyllaDB nodes get connections per shard and requests go to the connection of the shard
   * that owns their token (default true). Off, a ScyllaDB node is pooled like a Cassandra node.
   */
  public CqlSessionBuilder withShardAwareness(boolean enabled) {
    pooling.shardAware = enabled;
    return this;
  }

  /**
   * Whether connections to a shard go through the node's shard-aware port (ScyllaDB's {@code
   * SCYLLA_SHARD_AWARE_PORT}, 19042 by default) from a local port that selects the shard (default
   * true); off, or when the node has none, connections go to the regular port until every shard has
   * its own. The local ports come from {@link #withShardAwareSourcePorts}.
   */
  public CqlSessionBuilder withShardAwarePort(boolean enabled) {
    pooling.shardAwarePort = enabled;
    return this;
  }

  /** The local ports to connect to a shard-aware port from; default 49152-65535. */
  public CqlSessionBuilder withShardAwareSourcePorts(int low, int high) {
    new io.scyllaboot.driver.internal.connection.ShardAwarePorts(low, high); // validates
    pooling.sourcePortLow = low;
    pooling.sourcePortHigh = high;
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
    request.clientTimestamps = enabled;
    return this;
  }

  /**
   * Whether warnings the server attaches to a response (e.g. a large batch, an aggregation across
   * partitions) are logged at WARN with the statement, once per response (default true). They are
   * in {@code ExecutionInfo.warnings()} either way.
   */
  public CqlSessionBuilder withServerWarningsLogged(boolean logged) {
    request.logServerWarnings = logged;
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
    metrics.meterRegistry(registry);
    return this;
  }

  /**
   * Whether the request timer ({@code scylla.requests}) publishes a percentile histogram, from
   * which a monitoring system computes latency percentiles across instances (e.g. Prometheus'
   * {@code histogram_quantile}); default false, since it adds dozens of time series per outcome.
   */
  public CqlSessionBuilder withLatencyHistograms(boolean enabled) {
    metrics.latencyHistograms = enabled;
    return this;
  }

  /**
   * Adds a listener that hears the start and the end of every request (see {@link
   * RequestListener}), e.g. for tracing; listeners are called in the order they were added. With
   * none, the request path pays one null check.
   */
  public CqlSessionBuilder addRequestListener(RequestListener listener) {
    metrics.requestListeners.add(Objects.requireNonNull(listener, "request listener"));
    return this;
  }

  /**
   * Whether the session keeps a schema snapshot ({@code session.metadata().schema()}), read at
   * start-up and refreshed on schema events and after its own DDL. Default true. Off, {@code
   * schema()} reads the schema on each call, and schema change listeners hear nothing.
   */
  public CqlSessionBuilder withSchemaMetadata(boolean enabled) {
    metadata.schemaMetadata = enabled;
    return this;
  }

  /**
   * Which keyspaces the schema metadata holds, in the DataStax driver's notation: a name (as the
   * server stores it, case kept) or {@code /regex/} includes, either after {@code !} excludes; with
   * no include, every keyspace not excluded. A list of names only is read with {@code WHERE
   * keyspace_name IN (..)}. Default, as the DataStax driver's: {@code !system}, {@code
   * !/^system_.*}{@code /}, {@code !/^dse_.*}{@code /}, {@code !solr_admin}, {@code !OpsCenter}; an
   * empty list: every keyspace.
   *
   * @throws IllegalArgumentException for a blank entry or a regular expression that does not
   *     compile
   */
  public CqlSessionBuilder withSchemaKeyspaces(List<String> keyspaces) {
    Objects.requireNonNull(keyspaces, "schema keyspaces");
    io.scyllaboot.driver.internal.metadata.KeyspaceFilter.of(keyspaces); // validates the notation
    metadata.schemaKeyspaces(keyspaces);
    return this;
  }

  /**
   * Adds codecs that map application types to column types (see {@link
   * io.scyllaboot.driver.api.type.MappingCodec}): bound values that do not fit their marker, and
   * columns read as a type they do not map to natively, go through the first codec that fits, in
   * the order added. Values the driver maps itself never reach a codec.
   */
  public CqlSessionBuilder addTypeCodecs(
      io.scyllaboot.driver.api.type.MappingCodec<?, ?>... codecs) {
    for (io.scyllaboot.driver.api.type.MappingCodec<?, ?> codec : codecs) {
      mappingCodecs.add(Objects.requireNonNull(codec, "codec"));
    }
    return this;
  }

  /**
   * Registers codecs written byte by byte (the DataStax driver's {@code TypeCodec} shape), each
   * used as a {@link io.scyllaboot.driver.api.type.MappingCodec} from its Java type to its CQL
   * type's own Java value.
   *
   * @throws IllegalArgumentException when a codec's CQL type is one the driver has no values for
   */
  public CqlSessionBuilder addTypeCodecs(io.scyllaboot.driver.api.type.TypeCodec<?>... codecs) {
    for (io.scyllaboot.driver.api.type.TypeCodec<?> codec : codecs) {
      mappingCodecs.add(
          io.scyllaboot.driver.internal.cql.ByteCodecAdapter.of(
              Objects.requireNonNull(codec, "codec")));
    }
    return this;
  }

  /** Adds a listener for schema changes (see {@link SchemaChangeListener}). */
  public CqlSessionBuilder addSchemaChangeListener(SchemaChangeListener listener) {
    metadata.schemaListeners.add(Objects.requireNonNull(listener, "schema change listener"));
    return this;
  }

  /** Adds a listener for nodes added, removed, up and down (see {@link NodeStateListener}). */
  public CqlSessionBuilder addNodeStateListener(NodeStateListener listener) {
    metadata.nodeListeners.add(Objects.requireNonNull(listener, "node state listener"));
    return this;
  }

  /** Opens the session: connects and initialises, then completes. */
  public CompletionStage<CqlSession> buildAsync() {
    if (!hasCloudBundle()) {
      return connect(null);
    }
    // Reading a bundle opens a file or URL, resolves the proxy and asks the metadata service: on a
    // thread of its own, never the caller's (which may be an event loop). Its errors fail the
    // stage.
    List<InetSocketAddress> given = List.copyOf(contactPoints);
    boolean ssl = connection.sslContext != null;
    CompletableFuture<io.scyllaboot.driver.internal.cloud.CloudBundle> read =
        new CompletableFuture<>();
    io.scyllaboot.driver.internal.util.DriverThreads.factory(sessionName + "-cloud-bundle")
        .newThread(
            () -> {
              try {
                read.complete(
                    readCloudBundle(
                        given, ssl, localDatacenter, sessionName, connection.connectTimeout));
              } catch (RuntimeException | Error e) {
                read.completeExceptionally(e);
              }
            })
        .start();
    return read.thenCompose(this::connect);
  }

  private CompletionStage<CqlSession> connect(
      io.scyllaboot.driver.internal.cloud.@org.jspecify.annotations.Nullable CloudBundle cloud) {
    javax.net.ssl.SSLContext sslContext =
        cloud != null ? cloud.sslContext() : connection.sslContext;
    if (connection.authProvider != null && sslContext == null) {
      // Once per session, here rather than per connection: SASL PLAIN sends the password as is.
      LOG.warn(
          "[{}] credentials are configured without TLS: the password, and every query and result,"
              + " cross the network in clear text; add an SSL context (withSslContext, or"
              + " scylla.ssl.enabled / scylla.ssl.bundle with the starter)",
          sessionName);
    }
    List<InetSocketAddress> points =
        cloud != null
            ? cloud.contactPoints()
            : contactPoints.isEmpty()
                ? List.of(new InetSocketAddress("127.0.0.1", 9042))
                : contactPoints;
    return io.scyllaboot.driver.internal.session.DefaultCqlSession.connect(
        new io.scyllaboot.driver.internal.session.SessionSettings(
            List.copyOf(points),
            keyspace,
            cloud == null ? localDatacenter : cloud.localDatacenter(),
            connection.protocolVersion == null ? 0 : connection.protocolVersion.code(),
            request.consistency,
            request.serialConsistency,
            request.pageSize,
            request.timeout,
            connection.connectTimeout,
            connection.initQueryTimeout,
            maxPrepared,
            connection.maxRequestsPerConnection,
            connection.maxQueuedRequests,
            sessionName,
            pooling.connectionsPerNode,
            connection.heartbeatInterval,
            pooling.reconnectBaseDelay,
            pooling.reconnectMaxDelay,
            connection.ioThreads,
            connection.nativeTransport,
            request.idempotent,
            request.maxConcurrentRequests,
            request.maxThrottledQueue,
            metadata.schemaAgreementTimeout,
            new io.scyllaboot.driver.internal.metrics.Instrumentation(
                metrics.meterRegistry, metrics.latencyHistograms, metrics.requestListeners),
            connection.compression,
            sslContext,
            connection.hostnameVerification,
            connection.authProvider,
            request.clientTimestamps,
            request.logServerWarnings,
            new io.scyllaboot.driver.internal.pool.PoolOptions(
                pooling.connectionsPerNode,
                pooling.connectionsPerShard,
                pooling.shardAware,
                pooling.shardAwarePort,
                new io.scyllaboot.driver.internal.connection.ShardAwarePorts(
                    pooling.sourcePortLow, pooling.sourcePortHigh),
                reconnectionPolicy() != null
                    ? reconnectionPolicy()
                    : ReconnectionPolicy.exponential(
                        pooling.reconnectBaseDelay, pooling.reconnectMaxDelay),
                pooling.effectiveUnresponsiveNodeTimeout(request.timeout),
                maxConcurrentOpens()),
            request.speculativeExecution,
            new io.scyllaboot.driver.internal.session.MetadataSettings(
                metadata.schemaMetadata,
                metadata.schemaKeyspaces,
                metadata.schemaListeners,
                metadata.nodeListeners),
            routing(cloud),
            new io.scyllaboot.driver.internal.session.PolicySettings(
                retryPolicy(),
                profiles(),
                requestIdGenerator(),
                applicationName(),
                applicationVersion(),
                io.scyllaboot.driver.internal.cql.MappingCodecs.of(mappingCodecs)),
            cloud != null ? cloud.proxy() : null));
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
    // The start-up fails itself after three connect timeouts (a bundle's metadata service adds
    // two: connecting and reading); the last is a backstop.
    return io.scyllaboot.driver.internal.util.Futures.getUninterruptibly(
        buildAsync(),
        "build",
        connection.connectTimeout.multipliedBy(hasCloudBundle() ? 6 : 4).toNanos());
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
        + connection.protocolVersion
        + ", consistency="
        + request.consistency
        + ", serialConsistency="
        + request.serialConsistency
        + ", pageSize="
        + request.pageSize
        + ", requestTimeout="
        + request.timeout
        + ", connectTimeout="
        + connection.connectTimeout
        + ", initQueryTimeout="
        + connection.initQueryTimeout
        + ", maxPrepared="
        + maxPrepared
        + ", connectionsPerNode="
        + pooling.connectionsPerNode
        + ", connectionsPerShard="
        + pooling.connectionsPerShard
        + ", shardAware="
        + pooling.shardAware
        + ", shardAwarePort="
        + pooling.describeShardAwarePort()
        + ", maxRequestsPerConnection="
        + connection.maxRequestsPerConnection
        + ", heartbeatInterval="
        + connection.heartbeatInterval
        + ", idempotent="
        + request.idempotent
        + ", speculativeExecution="
        + request.describeSpeculativeExecution()
        + ", unresponsiveNodeTimeout="
        + pooling.effectiveUnresponsiveNodeTimeout(request.timeout)
        + ", routing="
        + routing().describe()
        + ", clientTimestamps="
        + request.clientTimestamps
        + ", throttling="
        + request.describeThrottling()
        + ", metrics="
        + metrics.describe()
        + ", requestListeners="
        + metrics.requestListeners.size()
        + ", schemaMetadata="
        + metadata.describeSchema()
        + ", schemaListeners="
        + metadata.schemaListeners.size()
        + ", nodeStateListeners="
        + metadata.nodeListeners.size()
        + ", compression="
        + connection.compression
        + ", ssl="
        + (connection.sslContext != null)
        + (hasCloudBundle() ? ", cloudSecureConnectBundle=true" : "")
        + ", hostnameVerification="
        + connection.hostnameVerification
        + ", auth="
        + (connection.authProvider == null ? "none" : connection.authProvider)
        + describePolicies()
        + "}";
  }
}
