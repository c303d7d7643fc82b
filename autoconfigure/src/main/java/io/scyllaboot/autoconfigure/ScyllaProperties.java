package io.scyllaboot.autoconfigure;

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
   * ScyllaDB's keyspace consistency option when schema-action creates the keyspace: global makes
   * its tables strongly consistent (Raft per tablet; writes then accept only QUORUM or
   * LOCAL_QUORUM; needs a tablet keyspace and ScyllaDB's strongly-consistent-tables feature). No
   * default: the option is not written (eventual consistency, and Apache Cassandra, which has no
   * such option).
   */
  private io.scyllaboot.spring.core.admin.KeyspaceConsistency keyspaceConsistency;

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

  @NestedConfigurationProperty
  private final RepositoriesProperties repositories = new RepositoriesProperties();

  @NestedConfigurationProperty private final SslProperties ssl = new SslProperties();

  @NestedConfigurationProperty private final PoolProperties pool = new PoolProperties();

  @NestedConfigurationProperty
  private final ShardAwarenessProperties shardAwareness = new ShardAwarenessProperties();

  @NestedConfigurationProperty private final MetadataProperties metadata = new MetadataProperties();

  @NestedConfigurationProperty
  private final LoadBalancingProperties loadBalancing = new LoadBalancingProperties();

  @NestedConfigurationProperty
  private final ClientRoutesProperties clientRoutes = new ClientRoutesProperties();

  @NestedConfigurationProperty
  private final ConnectionProperties connection = new ConnectionProperties();

  @NestedConfigurationProperty private final RequestProperties request = new RequestProperties();

  @NestedConfigurationProperty private final MetricsProperties metrics = new MetricsProperties();

  @NestedConfigurationProperty
  private final ObservationsProperties observations = new ObservationsProperties();

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

  public io.scyllaboot.spring.core.admin.KeyspaceConsistency getKeyspaceConsistency() {
    return keyspaceConsistency;
  }

  public void setKeyspaceConsistency(
      io.scyllaboot.spring.core.admin.KeyspaceConsistency keyspaceConsistency) {
    this.keyspaceConsistency = keyspaceConsistency;
  }

  public RepositoriesProperties getRepositories() {
    return repositories;
  }

  public SslProperties getSsl() {
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

  public PoolProperties getPool() {
    return pool;
  }

  public ConnectionProperties getConnection() {
    return connection;
  }

  public RequestProperties getRequest() {
    return request;
  }

  public MetricsProperties getMetrics() {
    return metrics;
  }

  public ObservationsProperties getObservations() {
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
}
