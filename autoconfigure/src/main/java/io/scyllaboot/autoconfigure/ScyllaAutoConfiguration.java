package io.scyllaboot.autoconfigure;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.CqlSessionBuilder;
import io.scyllaboot.driver.api.policy.ReconnectionPolicy;
import io.scyllaboot.driver.api.policy.RequestIdGenerator;
import io.scyllaboot.driver.api.policy.RetryPolicy;
import io.scyllaboot.driver.api.policy.SpeculativeExecutionPolicy;
import io.scyllaboot.spring.cql.AsyncCqlTemplate;
import io.scyllaboot.spring.cql.CqlTemplate;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.cql.init.CqlScriptException;
import io.scyllaboot.spring.cql.init.KeyspaceCleaner;
import io.scyllaboot.spring.cql.init.KeyspacePopulator;
import io.scyllaboot.spring.cql.init.ResourceKeyspacePopulator;
import io.scyllaboot.spring.mapping.CqlIdentifiers;
import java.net.InetSocketAddress;
import java.util.Locale;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.PropertyMapper;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Lazy;
import org.springframework.context.annotation.Scope;
import org.springframework.core.env.Environment;
import org.springframework.core.io.Resource;
import org.springframework.core.io.ResourceLoader;

/**
 * Auto-configuration of the driver: connection details from {@code scylla.*}, a prototype session
 * builder with the customizers applied in order, the session (closed with the context), and the
 * synchronous and asynchronous templates. Every bean backs off when the application defines one.
 * Bean names start with {@code scylla} so that they never clash with another starter's ({@code
 * cqlTemplate} is Spring Data Cassandra's).
 */
@AutoConfiguration
@ConditionalOnClass(CqlSession.class)
@EnableConfigurationProperties(ScyllaProperties.class)
@Import(ScyllaPasswordSanitizing.class)
public final class ScyllaAutoConfiguration {

  /** Before any bean: spring.cassandra.* keys that would be ignored fail start-up. */
  @Bean
  static PropertyKeysCheck scyllaPropertyKeysCheck(Environment environment) {
    return new PropertyKeysCheck(environment);
  }

  /** The policy properties, and the application's policy beans (which win over them). */
  @Bean
  CqlSessionBuilderCustomizer scyllaPolicyCustomizer(
      ScyllaProperties properties,
      Environment environment,
      ObjectProvider<RetryPolicy> retryPolicy,
      ObjectProvider<ReconnectionPolicy> reconnectionPolicy,
      ObjectProvider<SpeculativeExecutionPolicy> speculativeExecutionPolicy,
      ObjectProvider<RequestIdGenerator> requestIdGenerator) {
    return new ScyllaPolicyCustomizer(
        properties,
        environment,
        retryPolicy,
        reconnectionPolicy,
        speculativeExecutionPolicy,
        requestIdGenerator);
  }

  @Bean
  @ConditionalOnMissingBean
  ScyllaConnectionDetails scyllaConnectionDetails(
      ScyllaProperties properties, ObjectProvider<SslBundles> sslBundles) {
    return new PropertiesScyllaConnectionDetails(properties, sslBundles.getIfAvailable());
  }

  /** Local rack, remote-DC failover and an AddressTranslator bean; before the app's customizers. */
  @Bean
  @org.springframework.core.annotation.Order(org.springframework.core.Ordered.HIGHEST_PRECEDENCE)
  CqlSessionBuilderCustomizer scyllaRoutingCustomizer(
      ScyllaProperties properties,
      ObjectProvider<io.scyllaboot.driver.api.policy.AddressTranslator> translators) {
    return new RoutingCustomizer(properties, translators.getIfUnique());
  }

  @Bean
  @ConditionalOnMissingBean
  @Scope(ConfigurableBeanFactory.SCOPE_PROTOTYPE)
  CqlSessionBuilder scyllaSessionBuilder(
      ScyllaProperties properties,
      ScyllaConnectionDetails connectionDetails,
      ObjectProvider<CqlSessionBuilderCustomizer> customizers) {
    return newBuilder(properties, connectionDetails, customizers);
  }

  /** A new builder from the properties, the connection details and the customizers. */
  private static CqlSessionBuilder newBuilder(
      ScyllaProperties properties,
      ScyllaConnectionDetails connectionDetails,
      ObjectProvider<CqlSessionBuilderCustomizer> customizers) {
    CqlSessionBuilder builder = CqlSession.builder();
    for (InetSocketAddress point : connectionDetails.getContactPoints()) {
      builder.addContactPoint(point);
    }
    PropertyMapper map = PropertyMapper.get();
    map.from(connectionDetails::getLocalDatacenter).whenHasText().to(builder::withLocalDatacenter);
    map.from(properties::getKeyspace).whenHasText().to(builder::withKeyspace);
    builder.withSessionName(properties.getSessionName());
    builder.withMaxPrepared(properties.getMaxPrepared());
    PoolProperties pool = properties.getPool();
    builder.withConnectionsPerNode(pool.getConnectionsPerNode());
    builder.withConnectionsPerShard(pool.getConnectionsPerShard());
    ShardAwarenessProperties shards = properties.getShardAwareness();
    builder.withShardAwareness(shards.isEnabled());
    builder.withShardAwarePort(shards.isShardAwarePort());
    builder.withShardAwareSourcePorts(shards.getSourcePortLow(), shards.getSourcePortHigh());
    builder.withMaxRequestsPerConnection(pool.getMaxRequestsPerConnection());
    builder.withHeartbeatInterval(pool.getHeartbeatInterval());
    builder.withConnectTimeout(properties.getConnection().getConnectTimeout());
    builder.withInitQueryTimeout(properties.getConnection().getInitQueryTimeout());
    RequestProperties request = properties.getRequest();
    map.from(request::getTimeout).to(builder::withRequestTimeout);
    map.from(request::getConsistency).to(builder::withConsistency);
    map.from(request::getSerialConsistency).to(builder::withSerialConsistency);
    map.from(request::getPageSize).to(builder::withPageSize);
    map.from(request::getIdempotent).to(builder::withIdempotentByDefault);
    builder.withClientTimestamps(request.isClientTimestamps());
    if (request.getUnresponsiveNodeTimeout() != null) {
      builder.withUnresponsiveNodeTimeout(request.getUnresponsiveNodeTimeout());
    }
    map.from(request::getSpeculativeExecution)
        .as(SpeculativeExecutionProperties::toPolicy)
        .to(builder::withSpeculativeExecution);
    if (request.getThrottler().isEnabled()) {
      builder.withThrottling(
          request.getThrottler().getMaxConcurrentRequests(),
          request.getThrottler().getMaxQueueSize());
    }
    ScyllaSecurity.apply(properties, connectionDetails, builder);
    customizers.orderedStream().forEach(customizer -> customizer.customize(builder));
    return builder;
  }

  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  @Lazy
  CqlSession scyllaSession(
      CqlSessionBuilder scyllaSessionBuilder,
      ScyllaProperties properties,
      ScyllaConnectionDetails connectionDetails,
      ObjectProvider<CqlSessionBuilderCustomizer> customizers,
      ObjectProvider<KeyspacePopulator> populators,
      ObjectProvider<SchemaActionBeforeScripts> schemaAction,
      ResourceLoader resourceLoader) {
    if (properties.getSchemaAction() != ScyllaProperties.SchemaAction.NONE
        && properties.getKeyspace() != null
        && !properties.getKeyspace().isBlank()) {
      // A builder of its own: the application's may be a singleton bean, which withKeyspace(null)
      // would leave without its keyspace.
      createKeyspace(newBuilder(properties, connectionDetails, customizers), properties);
    }
    CqlSession session = scyllaSessionBuilder.build();
    try {
      if (properties.getSchemaAction() == ScyllaProperties.SchemaAction.RECREATE_DROP_UNUSED) {
        new KeyspaceCleaner().populate(session);
      }
      schemaAction.ifAvailable(action -> action.run(session));
      populate(session, properties, populators, resourceLoader);
    } catch (RuntimeException e) {
      session.close();
      throw e;
    }
    return session;
  }

  /**
   * Runs {@code scylla.schema-scripts}, then the {@link KeyspacePopulator} beans, before any other
   * bean can use the session (repositories create their tables through it).
   */
  private static void populate(
      CqlSession session,
      ScyllaProperties properties,
      ObjectProvider<KeyspacePopulator> populators,
      ResourceLoader resourceLoader) {
    if (!properties.getSchemaScripts().isEmpty()) {
      ResourceKeyspacePopulator scripts = new ResourceKeyspacePopulator();
      for (String location : properties.getSchemaScripts()) {
        Resource script = resourceLoader.getResource(location);
        if (!script.exists()) {
          throw new CqlScriptException(
              location, 0, "scylla.schema-scripts names a script that does not exist", null);
        }
        scripts.addScript(script);
      }
      scripts.populate(session);
    }
    populators.orderedStream().forEach(populator -> populator.populate(session));
  }

  /**
   * Creates the session's keyspace first, with a short-lived session that uses no keyspace. Only a
   * keyspace the server does not have needs {@code scylla.keyspace-replication}.
   */
  private static void createKeyspace(CqlSessionBuilder builder, ScyllaProperties properties) {
    try (CqlSession bootstrap =
        builder.withKeyspace(null).withSessionName("keyspace-init").build()) {
      String keyspace = CqlIdentifiers.internal(properties.getKeyspace());
      boolean exists =
          bootstrap
                  .execute(
                      "SELECT keyspace_name FROM system_schema.keyspaces WHERE keyspace_name = ?",
                      keyspace)
                  .one()
              != null;
      if (exists) {
        return;
      }
      if (properties.getKeyspaceReplication() == null) {
        throw new MissingKeyspaceReplicationException(
            properties.getKeyspace(),
            properties.getSchemaAction().name().toLowerCase(Locale.ROOT).replace('_', '-'));
      }
      bootstrap.execute(createKeyspaceCql(keyspace, properties)).close();
    }
  }

  /**
   * The statement that creates the keyspace: its replication and, when set, ScyllaDB's {@code
   * consistency} option ({@code scylla.keyspace-consistency}).
   */
  static String createKeyspaceCql(String keyspace, ScyllaProperties properties) {
    String cql =
        "CREATE KEYSPACE IF NOT EXISTS "
            + CqlIdentifiers.cql(keyspace)
            + " WITH replication = "
            + properties.getKeyspaceReplication();
    return properties.getKeyspaceConsistency() == null
        ? cql
        : cql + " AND consistency = " + properties.getKeyspaceConsistency().cql();
  }

  @Bean
  @ConditionalOnMissingBean
  ScyllaExceptionTranslator scyllaExceptionTranslator() {
    return new ScyllaExceptionTranslator();
  }

  @Bean
  @ConditionalOnMissingBean
  CqlTemplate scyllaCqlTemplate(CqlSession session, ScyllaExceptionTranslator translator) {
    return new CqlTemplate(session, translator);
  }

  @Bean
  @ConditionalOnMissingBean
  AsyncCqlTemplate scyllaAsyncCqlTemplate(
      CqlSession session, ScyllaExceptionTranslator translator) {
    return new AsyncCqlTemplate(session, translator);
  }
}
