package io.scyllaboot.autoconfigure;

import io.scyllaboot.driver.api.ConsistencyLevel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.NestedConfigurationProperty;

/**
 * Configuration of the Scylla Boot driver, under {@code scylla.*}. Each setter checks its value: a
 * bad one stops start-up with a message naming the property, the value and what is accepted.
 */
@ConfigurationProperties("scylla")
public class ScyllaProperties {

  /** Nodes to connect to first, as host:port or host (then 'scylla.port' is used). */
  private List<String> contactPoints = new ArrayList<>(List.of("127.0.0.1:9042"));

  /** Port of contact points given without one. */
  private int port = 9042;

  /** Data center whose nodes are used; by default the first contact point's. */
  private String localDatacenter;

  /**
   * Rack of the local data center whose nodes come first: its replicas, then the other local
   * replicas (lightweight transactions keep their primary replica first).
   */
  private String localRack;

  /** Keyspace every connection uses. */
  private String keyspace;

  /** Username for password authentication. */
  private String username;

  /** Password for password authentication. */
  private String password;

  /** Compression of the traffic: none or lz4. */
  private Compression compression = Compression.NONE;

  /**
   * Native protocol version to pin (V4 or V5); by default the highest both sides speak (V5 with
   * Cassandra 4+, V4 with ScyllaDB).
   */
  private String protocolVersion;

  /** Size of the prepared-statement cache: statements prepared once and kept. */
  private int maxPrepared = 512;

  /**
   * What to do with the schema at start-up: with create-if-not-exists, the keyspace and the tables
   * and types of repository entities are created when missing; recreate drops and re-creates those
   * tables and types; recreate-drop-unused also drops every other table of the keyspace.
   */
  private SchemaAction schemaAction = SchemaAction.NONE;

  /**
   * Replication of the keyspace when schema-action creates it, as a CQL map, e.g. {'class':
   * 'NetworkTopologyStrategy', 'dc1': 3}. No default: required when schema-action has to create the
   * keyspace (it does not exist on the server), so that no production keyspace silently gets a
   * single replica.
   */
  private String keyspaceReplication;

  /**
   * CQL scripts run once at start-up in the session's keyspace, in order, after the keyspace is
   * created and before repositories create their tables: Spring resource locations such as
   * classpath:schema.cql.
   */
  private List<String> schemaScripts = new ArrayList<>();

  /**
   * Name of the session: the 'session' tag of its meters, and the prefix of its threads and log
   * lines.
   */
  private String sessionName = "s0";

  /**
   * What to do at start-up with spring.cassandra.* keys that no scylla.* key replaces (Scylla Boot
   * does not read them): fail (naming the key to set), warn, or ignore (when Spring Data
   * Cassandra's starter still reads them in the same application).
   */
  private SpringCassandraKeysMode springCassandraKeys = SpringCassandraKeysMode.FAIL;

  private final Repositories repositories = new Repositories();

  private final Ssl ssl = new Ssl();

  private final Pool pool = new Pool();

  @NestedConfigurationProperty
  private final ShardAwarenessProperties shardAwareness = new ShardAwarenessProperties();

  @NestedConfigurationProperty private final MetadataProperties metadata = new MetadataProperties();

  @NestedConfigurationProperty
  private final LoadBalancingProperties loadBalancing = new LoadBalancingProperties();

  @NestedConfigurationProperty
  private final ClientRoutesProperties clientRoutes = new ClientRoutesProperties();

  private final Connection connection = new Connection();

  private final Request request = new Request();

  private final Metrics metrics = new Metrics();

  private final Observations observations = new Observations();

  @NestedConfigurationProperty private final MappingProperties mapping = new MappingProperties();

  /** Execution profiles by name, which statements and repository methods can name. */
  private final Map<String, ProfileProperties> profiles = new LinkedHashMap<>();

  /**
   * Application name sent to every node when connecting (shown in system_views.clients); unset,
   * spring.application.name.
   */
  private String applicationName;

  /** Application version sent to every node when connecting. */
  private String applicationVersion;

  /** Schema actions at start-up. */
  public enum SchemaAction {
    /** Leave the schema alone. */
    NONE,
    /** Create the tables and user-defined types of repository entities that do not exist. */
    CREATE_IF_NOT_EXISTS,
    /**
     * Drop and re-create the tables and user-defined types of repository entities (their data is
     * lost): for tests. Those of the scanned entities go before the schema scripts run, so that the
     * scripts' rows stay. A type that a table of no repository entity still uses is kept.
     */
    RECREATE,
    /**
     * Drop every table, view and user-defined type of the keyspace before the schema scripts run,
     * then create those of repository entities: for tests.
     */
    RECREATE_DROP_UNUSED
  }

  /** What {@code scylla.spring-cassandra-keys} accepts. */
  public enum SpringCassandraKeysMode {
    /** Fail start-up, naming each key and the scylla.* key to set instead. */
    FAIL,
    /** Log a warning for each key. */
    WARN,
    /** Say nothing. */
    IGNORE
  }

  /** Compression algorithms. */
  public enum Compression {
    NONE,
    LZ4
  }

  public List<String> getContactPoints() {
    return contactPoints;
  }

  public void setContactPoints(List<String> contactPoints) {
    for (String point : contactPoints) {
      ContactPoints.parse(point, port);
    }
    this.contactPoints = contactPoints;
  }

  public int getPort() {
    return port;
  }

  public void setPort(int port) {
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException("must be a port number from 1 to 65535");
    }
    this.port = port;
  }

  public String getLocalDatacenter() {
    return localDatacenter;
  }

  public void setLocalDatacenter(String localDatacenter) {
    this.localDatacenter = localDatacenter;
  }

  public String getKeyspace() {
    return keyspace;
  }

  public void setKeyspace(String keyspace) {
    this.keyspace = keyspace;
  }

  public String getUsername() {
    return username;
  }

  public void setUsername(String username) {
    this.username = username;
  }

  public String getPassword() {
    return password;
  }

  public void setPassword(String password) {
    this.password = password;
  }

  public Compression getCompression() {
    return compression;
  }

  public void setCompression(Compression compression) {
    this.compression = compression;
  }

  public String getProtocolVersion() {
    return protocolVersion;
  }

  public void setProtocolVersion(String protocolVersion) {
    if (protocolVersion != null
        && !protocolVersion.isBlank()
        && !protocolVersion.equalsIgnoreCase("V4")
        && !protocolVersion.equalsIgnoreCase("V5")) {
      throw new IllegalArgumentException("must be V4 or V5 (or unset, to negotiate)");
    }
    this.protocolVersion = protocolVersion;
  }

  public int getMaxPrepared() {
    return maxPrepared;
  }

  public void setMaxPrepared(int maxPrepared) {
    requirePositive(maxPrepared);
    this.maxPrepared = maxPrepared;
  }

  public SchemaAction getSchemaAction() {
    return schemaAction;
  }

  public void setSchemaAction(SchemaAction schemaAction) {
    this.schemaAction = schemaAction;
  }

  public List<String> getSchemaScripts() {
    return schemaScripts;
  }

  public void setSchemaScripts(List<String> schemaScripts) {
    this.schemaScripts = schemaScripts;
  }

  public String getKeyspaceReplication() {
    return keyspaceReplication;
  }

  public void setKeyspaceReplication(String keyspaceReplication) {
    if (keyspaceReplication == null || !keyspaceReplication.trim().startsWith("{")) {
      throw new IllegalArgumentException(
          "must be a CQL map such as {'class': 'NetworkTopologyStrategy', 'dc1': 3}");
    }
    this.keyspaceReplication = keyspaceReplication;
  }

  public Repositories getRepositories() {
    return repositories;
  }

  public Ssl getSsl() {
    return ssl;
  }

  public ShardAwarenessProperties getShardAwareness() {
    return shardAwareness;
  }

  public MetadataProperties getMetadata() {
    return metadata;
  }

  public LoadBalancingProperties getLoadBalancing() {
    return loadBalancing;
  }

  public ClientRoutesProperties getClientRoutes() {
    return clientRoutes;
  }

  public String getLocalRack() {
    return localRack;
  }

  public void setLocalRack(String localRack) {
    this.localRack = localRack;
  }

  public Pool getPool() {
    return pool;
  }

  public Connection getConnection() {
    return connection;
  }

  public Request getRequest() {
    return request;
  }

  public Metrics getMetrics() {
    return metrics;
  }

  public Observations getObservations() {
    return observations;
  }

  public SpringCassandraKeysMode getSpringCassandraKeys() {
    return springCassandraKeys;
  }

  public void setSpringCassandraKeys(SpringCassandraKeysMode springCassandraKeys) {
    this.springCassandraKeys = springCassandraKeys;
  }

  public MappingProperties getMapping() {
    return mapping;
  }

  public String getSessionName() {
    return sessionName;
  }

  public Map<String, ProfileProperties> getProfiles() {
    return profiles;
  }

  public String getApplicationName() {
    return applicationName;
  }

  public void setApplicationName(String applicationName) {
    this.applicationName = applicationName;
  }

  public String getApplicationVersion() {
    return applicationVersion;
  }

  public void setApplicationVersion(String applicationVersion) {
    this.applicationVersion = applicationVersion;
  }

  public void setSessionName(String sessionName) {
    if (sessionName == null || sessionName.isBlank()) {
      throw new IllegalArgumentException("must not be blank");
    }
    this.sessionName = sessionName;
  }

  static void requirePositive(int value) {
    if (value <= 0) {
      throw new IllegalArgumentException("must be a positive number");
    }
  }

  static void requirePositive(Duration value) {
    if (value == null || value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException("must be a positive duration, e.g. 500ms or 2s");
    }
  }

  /** TLS. */
  public static class Ssl {
    /** Whether to use TLS, trusting the JDK's trust store; a named bundle turns TLS on anyway. */
    private boolean enabled;

    /**
     * Name of the Spring SSL bundle ('spring.ssl.bundle.*') holding the trust and key stores; its
     * options (enabled protocols, ciphers) apply too. Setting it turns TLS on.
     */
    private String bundle;

    /** Whether to check that the node's certificate matches its address. */
    private boolean hostnameVerification = true;

    public boolean isEnabled() {
      return enabled;
    }

    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }

    public String getBundle() {
      return bundle;
    }

    public void setBundle(String bundle) {
      this.bundle = bundle;
    }

    public boolean isHostnameVerification() {
      return hostnameVerification;
    }

    public void setHostnameVerification(boolean hostnameVerification) {
      this.hostnameVerification = hostnameVerification;
    }
  }

  /** Connection pools. */
  public static class Pool {
    /** Connections to each node of the local data center (not sharded: Apache Cassandra). */
    private int connectionsPerNode = 1;

    /** Connections to each shard of each ScyllaDB node of the local data center. */
    private int connectionsPerShard = 1;

    /** Requests in flight per connection (stream ids), 1 to 32767. */
    private int maxRequestsPerConnection = 1024;

    /** Idle time after which a heartbeat checks a connection; 0 disables heartbeats. */
    private Duration heartbeatInterval = Duration.ofSeconds(30);

    /** Connections to one node being opened at once, at most: bounds connection storms. */
    private int maxConcurrentOpens = 8;

    public int getMaxConcurrentOpens() {
      return maxConcurrentOpens;
    }

    public void setMaxConcurrentOpens(int maxConcurrentOpens) {
      requirePositive(maxConcurrentOpens);
      this.maxConcurrentOpens = maxConcurrentOpens;
    }

    public int getConnectionsPerNode() {
      return connectionsPerNode;
    }

    public void setConnectionsPerNode(int connectionsPerNode) {
      requirePositive(connectionsPerNode);
      this.connectionsPerNode = connectionsPerNode;
    }

    public int getConnectionsPerShard() {
      return connectionsPerShard;
    }

    public void setConnectionsPerShard(int connectionsPerShard) {
      requirePositive(connectionsPerShard);
      this.connectionsPerShard = connectionsPerShard;
    }

    public int getMaxRequestsPerConnection() {
      return maxRequestsPerConnection;
    }

    public void setMaxRequestsPerConnection(int maxRequestsPerConnection) {
      if (maxRequestsPerConnection < 1 || maxRequestsPerConnection > 32767) {
        throw new IllegalArgumentException("must be from 1 to 32767");
      }
      this.maxRequestsPerConnection = maxRequestsPerConnection;
    }

    public Duration getHeartbeatInterval() {
      return heartbeatInterval;
    }

    public void setHeartbeatInterval(Duration heartbeatInterval) {
      if (heartbeatInterval == null || heartbeatInterval.isNegative()) {
        throw new IllegalArgumentException("must be a duration of 0 (off) or more");
      }
      this.heartbeatInterval = heartbeatInterval;
    }
  }

  /** Opening connections. */
  public static class Connection {
    /** Timeout of the TCP connect. */
    private Duration connectTimeout = Duration.ofSeconds(5);

    /** Timeout of each request of a connection's handshake. */
    private Duration initQueryTimeout = Duration.ofSeconds(5);

    public Duration getConnectTimeout() {
      return connectTimeout;
    }

    public void setConnectTimeout(Duration connectTimeout) {
      requirePositive(connectTimeout);
      this.connectTimeout = connectTimeout;
    }

    public Duration getInitQueryTimeout() {
      return initQueryTimeout;
    }

    public void setInitQueryTimeout(Duration initQueryTimeout) {
      requirePositive(initQueryTimeout);
      this.initQueryTimeout = initQueryTimeout;
    }
  }

  /** Request defaults. */
  public static class Request {
    /** How long a request may take, retries included. */
    private Duration timeout = Duration.ofSeconds(2);

    /** Default consistency level. */
    private ConsistencyLevel consistency = ConsistencyLevel.LOCAL_ONE;

    /** Default serial consistency of lightweight transactions: SERIAL or LOCAL_SERIAL. */
    private ConsistencyLevel serialConsistency = ConsistencyLevel.SERIAL;

    /** Rows per page. */
    private int pageSize = 5000;

    /** Whether statements are idempotent (may be retried) unless they say otherwise. */
    private boolean idempotent;

    /**
     * Whether every request carries a client-side timestamp (microseconds, strictly increasing in
     * the session), so that a retried or reordered write never overwrites a newer one.
     */
    private boolean clientTimestamps = true;

    /**
     * How long a connection may read nothing while requests wait on it before its node counts as
     * unresponsive (frozen, stalled): new requests avoid it until it answers again, and idempotent
     * requests that waited that long move to the next node. Zero disables.
     */
    private Duration unresponsiveNodeTimeout = Duration.ofMillis(500);

    private final Throttler throttler = new Throttler();

    /** What is retried after a failed attempt: default (the retry table) or fallthrough. */
    private RetryPolicyName retryPolicy = RetryPolicyName.DEFAULT;

    public RetryPolicyName getRetryPolicy() {
      return retryPolicy;
    }

    public void setRetryPolicy(RetryPolicyName retryPolicy) {
      this.retryPolicy = retryPolicy == null ? RetryPolicyName.DEFAULT : retryPolicy;
    }

    @NestedConfigurationProperty
    private final SpeculativeExecutionProperties speculativeExecution =
        new SpeculativeExecutionProperties();

    public Duration getUnresponsiveNodeTimeout() {
      return unresponsiveNodeTimeout;
    }

    public void setUnresponsiveNodeTimeout(Duration unresponsiveNodeTimeout) {
      this.unresponsiveNodeTimeout = unresponsiveNodeTimeout;
    }

    public SpeculativeExecutionProperties getSpeculativeExecution() {
      return speculativeExecution;
    }

    public Duration getTimeout() {
      return timeout;
    }

    public void setTimeout(Duration timeout) {
      requirePositive(timeout);
      this.timeout = timeout;
    }

    public ConsistencyLevel getConsistency() {
      return consistency;
    }

    public void setConsistency(ConsistencyLevel consistency) {
      this.consistency = consistency;
    }

    public ConsistencyLevel getSerialConsistency() {
      return serialConsistency;
    }

    public void setSerialConsistency(ConsistencyLevel serialConsistency) {
      if (serialConsistency != null && !serialConsistency.isSerial()) {
        throw new IllegalArgumentException("must be SERIAL or LOCAL_SERIAL");
      }
      this.serialConsistency = serialConsistency;
    }

    public int getPageSize() {
      return pageSize;
    }

    public void setPageSize(int pageSize) {
      requirePositive(pageSize);
      this.pageSize = pageSize;
    }

    public boolean isIdempotent() {
      return idempotent;
    }

    public void setIdempotent(boolean idempotent) {
      this.idempotent = idempotent;
    }

    public boolean isClientTimestamps() {
      return clientTimestamps;
    }

    public void setClientTimestamps(boolean clientTimestamps) {
      this.clientTimestamps = clientTimestamps;
    }

    public Throttler getThrottler() {
      return throttler;
    }
  }

  /** A concurrency limit on the session's requests. */
  public static class Throttler {
    /** Whether to limit the requests in flight. */
    private boolean enabled;

    /** Requests in flight at most. */
    private int maxConcurrentRequests = 1024;

    /** Requests that may wait for a slot before new ones are refused. */
    private int maxQueueSize = 10000;

    public boolean isEnabled() {
      return enabled;
    }

    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }

    public int getMaxConcurrentRequests() {
      return maxConcurrentRequests;
    }

    public void setMaxConcurrentRequests(int maxConcurrentRequests) {
      requirePositive(maxConcurrentRequests);
      this.maxConcurrentRequests = maxConcurrentRequests;
    }

    public int getMaxQueueSize() {
      return maxQueueSize;
    }

    public void setMaxQueueSize(int maxQueueSize) {
      if (maxQueueSize < 0) {
        throw new IllegalArgumentException("must not be negative");
      }
      this.maxQueueSize = maxQueueSize;
    }
  }

  /** Repository support. */
  public static class Repositories {
    /** Whether to enable Scylla repositories in the application's packages. */
    private boolean enabled = true;

    public boolean isEnabled() {
      return enabled;
    }

    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }

    /**
     * Which repositories to enable: AUTO (blocking ones, and reactive ones when Reactor is
     * present), IMPERATIVE, REACTIVE or NONE.
     */
    private RepositoryType type = RepositoryType.AUTO;

    public RepositoryType getType() {
      return type;
    }

    public void setType(RepositoryType type) {
      this.type = type;
    }
  }

  /** The kinds of repository {@code scylla.repositories.type} enables. */
  public enum RepositoryType {
    /** Blocking repositories, and reactive ones when Reactor is on the classpath. */
    AUTO,
    /** Blocking repositories only. */
    IMPERATIVE,
    /** Reactive repositories only. */
    REACTIVE,
    /** No repositories. */
    NONE
  }

  /** Micrometer metrics. */
  public static class Metrics {
    /** Whether to register the driver's meters in the application's MeterRegistry. */
    private boolean enabled = true;

    /**
     * Whether the request timer publishes a percentile histogram (latency percentiles across
     * instances, e.g. Prometheus' histogram_quantile), at the cost of dozens of time series.
     */
    private boolean histograms;

    public boolean isEnabled() {
      return enabled;
    }

    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }

    public boolean isHistograms() {
      return histograms;
    }

    public void setHistograms(boolean histograms) {
      this.histograms = histograms;
    }
  }

  /** Micrometer observations (tracing). */
  public static class Observations {
    /**
     * Whether every request is an observation in the application's ObservationRegistry (a span with
     * tracing): one context and observation per request, hence off by default.
     */
    private boolean enabled;

    /**
     * Whether observations carry the CQL text (never the bound values) as the high-cardinality
     * db.query.text.
     */
    private boolean queryText;

    public boolean isEnabled() {
      return enabled;
    }

    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }

    public boolean isQueryText() {
      return queryText;
    }

    public void setQueryText(boolean queryText) {
      this.queryText = queryText;
    }
  }
}
