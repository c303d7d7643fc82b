package io.scyllaboot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.scyllaboot.autoconfigure.health.ScyllaHealthContributorAutoConfiguration;
import io.scyllaboot.autoconfigure.metrics.ScyllaMetricsAutoConfiguration;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.CqlSessionBuilder;
import io.scyllaboot.spring.cql.AsyncCqlTemplate;
import io.scyllaboot.spring.cql.CqlTemplate;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;

/** The auto-configuration without a server: properties, back-off, customizers, failures. */
class ScyllaAutoConfigurationTest {
  /** A session bean of our own, so that no test here connects anywhere. */
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withBean("testSession", CqlSession.class, () -> Mockito.mock(CqlSession.class))
          .withConfiguration(
              AutoConfigurations.of(
                  ScyllaAutoConfiguration.class,
                  ScyllaMetricsAutoConfiguration.class,
                  ScyllaHealthContributorAutoConfiguration.class));

  @Test
  void should_map_every_property_onto_the_session_builder() {
    runner
        .withPropertyValues(
            "scylla.contact-points=db1:9142,db2",
            "scylla.port=9043",
            "scylla.local-datacenter=eu-west",
            "scylla.keyspace=shop",
            "scylla.max-prepared=64",
            "scylla.pool.connections-per-node=3",
            "scylla.pool.connections-per-shard=2",
            "scylla.shard-awareness.source-port-low=50000",
            "scylla.shard-awareness.source-port-high=50999",
            "scylla.pool.max-requests-per-connection=2048",
            "scylla.pool.heartbeat-interval=15s",
            "scylla.connection.connect-timeout=750ms",
            "scylla.connection.init-query-timeout=3s",
            "scylla.request.timeout=1500ms",
            "scylla.request.consistency=QUORUM",
            "scylla.request.serial-consistency=LOCAL_SERIAL",
            "scylla.request.page-size=100",
            "scylla.request.idempotent=true",
            "scylla.request.client-timestamps=false",
            "scylla.request.throttler.enabled=true",
            "scylla.request.throttler.max-concurrent-requests=50",
            "scylla.request.throttler.max-queue-size=500",
            "scylla.request.unresponsive-node-timeout=300ms",
            "scylla.request.speculative-execution.policy=constant-delay",
            "scylla.request.speculative-execution.delay=40ms",
            "scylla.request.speculative-execution.max-executions=2",
            "scylla.compression=lz4",
            "scylla.protocol-version=v4",
            "scylla.username=app",
            "scylla.password=s3cr3t",
            "scylla.ssl.enabled=true",
            "scylla.ssl.hostname-verification=false",
            "scylla.session-name=orders")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              ScyllaConnectionDetails details = context.getBean(ScyllaConnectionDetails.class);
              assertThat(details.getContactPoints())
                  .containsExactly(
                      InetSocketAddress.createUnresolved("db1", 9142),
                      InetSocketAddress.createUnresolved("db2", 9043));
              String builder = context.getBean(CqlSessionBuilder.class).toString();
              assertThat(builder)
                  .contains("sessionName=orders")
                  .contains("keyspace=shop")
                  .contains("localDatacenter=eu-west")
                  .contains("consistency=QUORUM")
                  .contains("serialConsistency=LOCAL_SERIAL")
                  .contains("pageSize=100")
                  .contains("requestTimeout=PT1.5S")
                  .contains("connectTimeout=PT0.75S")
                  .contains("initQueryTimeout=PT3S")
                  .contains("maxPrepared=64")
                  .contains("connectionsPerNode=3")
                  .contains("connectionsPerShard=2")
                  .contains("shardAware=true")
                  .contains("shardAwarePort=50000-50999")
                  .contains("maxRequestsPerConnection=2048")
                  .contains("heartbeatInterval=PT15S")
                  .contains("idempotent=true")
                  .contains("clientTimestamps=false")
                  .contains("throttling=50/500")
                  .contains("unresponsiveNodeTimeout=PT0.3S")
                  .contains("speculativeExecution=constantDelay(PT0.04S, 2 extra)")
                  .contains("compression=LZ4")
                  .contains("protocolVersion=V4")
                  .contains("ssl=true")
                  .contains("hostnameVerification=false")
                  .contains("auth=")
                  .doesNotContain("s3cr3t");
            });
  }

  @Test
  void should_use_documented_defaults() {
    runner.run(
        context -> {
          String builder = context.getBean(CqlSessionBuilder.class).toString();
          assertThat(builder)
              .contains("contactPoints=[127.0.0.1:9042]")
              .contains("maxPrepared=512")
              .contains("consistency=LOCAL_ONE")
              .contains("pageSize=5000")
              .contains("requestTimeout=PT2S")
              .contains("connectionsPerNode=1")
              .contains("maxRequestsPerConnection=1024")
              .contains("throttling=off")
              .contains("sessionName=s0")
              .contains("metrics=off")
              .contains("speculativeExecution=none")
              .contains("unresponsiveNodeTimeout=PT1S");
        });
  }

  @Test
  void should_map_the_percentile_speculative_execution_policy() {
    runner
        .withPropertyValues(
            "scylla.request.speculative-execution.policy=percentile",
            "scylla.request.speculative-execution.percentile=95",
            "scylla.request.speculative-execution.max-executions=3")
        .run(
            context ->
                assertThat(context.getBean(CqlSessionBuilder.class).toString())
                    .contains("speculativeExecution=percentile(95.0, 3 extra)"));
  }

  @Test
  void should_create_the_session_from_the_builder_when_the_application_has_none() {
    CqlSession built = Mockito.mock(CqlSession.class);
    CqlSessionBuilder builder = Mockito.mock(CqlSessionBuilder.class);
    Mockito.when(builder.build()).thenReturn(built);
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(ScyllaAutoConfiguration.class))
        .withBean(CqlSessionBuilder.class, () -> builder)
        .run(
            context -> {
              assertThat(context.getBean(CqlSession.class)).isSameAs(built);
              assertThat(context.getBean(CqlTemplate.class).getSession()).isSameAs(built);
            });
  }

  @Test
  void should_give_a_new_builder_to_each_user_and_register_the_session_lazily() {
    runner.run(
        context -> {
          assertThat(context.getBean(CqlSessionBuilder.class))
              .isNotSameAs(context.getBean(CqlSessionBuilder.class));
          assertThat(context)
              .hasSingleBean(CqlTemplate.class)
              .hasSingleBean(AsyncCqlTemplate.class);
        });
  }

  @Test
  void should_apply_customizers_in_order_after_the_properties() {
    runner
        .withUserConfiguration(Customizers.class)
        .run(
            context -> {
              context.getBean(CqlSessionBuilder.class);
              assertThat(context.getBean("calls", List.class)).containsExactly("first", "second");
              assertThat(context.getBean(CqlSessionBuilder.class).toString())
                  .contains("keyspace=from_customizer");
            });
  }

  @Test
  void should_bind_the_meter_registry_when_there_is_one_and_metrics_are_on() {
    runner
        .withBean(SimpleMeterRegistry.class)
        .run(
            context ->
                assertThat(context.getBean(CqlSessionBuilder.class).toString())
                    .contains("metrics=on,"));
    runner
        .withBean(SimpleMeterRegistry.class)
        .withPropertyValues("scylla.metrics.histograms=true")
        .run(
            context ->
                assertThat(context.getBean(CqlSessionBuilder.class).toString())
                    .contains("metrics=on+histograms"));
    runner
        .withBean(SimpleMeterRegistry.class)
        .withPropertyValues("scylla.metrics.enabled=false")
        .run(
            context ->
                assertThat(context.getBean(CqlSessionBuilder.class).toString())
                    .contains("metrics=off"));
  }

  @Test
  void should_back_off_when_the_application_defines_its_own_beans() {
    CqlSession mine = Mockito.mock(CqlSession.class);
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(ScyllaAutoConfiguration.class))
        .withBean(CqlSession.class, () -> mine)
        .withBean(CqlTemplate.class, () -> new CqlTemplate(mine))
        .withBean(
            ScyllaConnectionDetails.class,
            () -> () -> List.of(new InetSocketAddress("10.0.0.1", 9042)))
        .run(
            context -> {
              assertThat(context.getBean(CqlSession.class)).isSameAs(mine);
              assertThat(context).hasSingleBean(CqlTemplate.class);
              assertThat(context.getBean(CqlSessionBuilder.class).toString()).contains("10.0.0.1");
            });
  }

  @Test
  void should_configure_nothing_without_the_driver() {
    runner
        .withClassLoader(new FilteredClassLoader(CqlSession.class))
        .run(
            context ->
                assertThat(context)
                    .doesNotHaveBean(CqlSessionBuilder.class)
                    .doesNotHaveBean(CqlTemplate.class)
                    .doesNotHaveBean(ScyllaConnectionDetails.class));
  }

  @Test
  void should_explain_an_unknown_consistency() {
    assertFailure(
        "scylla.request.consistency=STRONG",
        "scylla.request.consistency",
        "'STRONG'",
        "use one of [ANY, ONE, TWO, THREE, QUORUM, ALL, LOCAL_QUORUM, EACH_QUORUM, SERIAL, LOCAL_SERIAL, LOCAL_ONE]");
  }

  @Test
  void should_refuse_a_username_without_a_password() {
    runner
        .withPropertyValues("scylla.username=app")
        .run(
            context ->
                assertThatThrownBy(() -> context.getBean(CqlSessionBuilder.class))
                    .hasStackTraceContaining(
                        "scylla.username and scylla.password must be set together"));
  }

  @Test
  void should_explain_a_negative_size() {
    assertFailure(
        "scylla.max-prepared=-5", "scylla.max-prepared", "'-5'", "must be a positive number");
  }

  @Test
  void should_explain_an_unparseable_contact_point() {
    assertFailure(
        "scylla.contact-points=db1:port",
        "scylla.contact-points",
        "db1:port",
        "is not host:port with a port from 1 to 65535");
  }

  @Test
  void should_explain_a_serial_consistency_that_is_not_serial() {
    assertFailure(
        "scylla.request.serial-consistency=QUORUM",
        "scylla.request.serial-consistency",
        "'QUORUM'",
        "must be SERIAL or LOCAL_SERIAL");
  }

  /** The failure itself needs the server (is the keyspace there?): {@code ScyllaKeyspaceInitIT}. */
  @Test
  void should_register_the_keyspace_replication_failure_analyzer() throws Exception {
    StringBuilder factories = new StringBuilder();
    for (java.net.URL url :
        java.util.Collections.list(
            getClass().getClassLoader().getResources("META-INF/spring.factories"))) {
      try (java.io.InputStream in = url.openStream()) {
        factories.append(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
      }
    }
    assertThat(factories)
        .as("registered in META-INF/spring.factories")
        .contains(ScyllaKeyspaceReplicationFailureAnalyzer.class.getName());
  }

  @Test
  void should_start_when_the_replication_is_explicit_or_no_keyspace_is_created() {
    runner
        .withPropertyValues(
            "scylla.schema-action=create-if-not-exists",
            "scylla.keyspace=shop",
            "scylla.keyspace-replication={'class': 'NetworkTopologyStrategy', 'dc1': 3}")
        .run(
            context ->
                assertThat(context.getBean(ScyllaProperties.class).getKeyspaceReplication())
                    .isEqualTo("{'class': 'NetworkTopologyStrategy', 'dc1': 3}"));
    runner
        .withPropertyValues("scylla.keyspace=shop")
        .run(context -> assertThat(context).hasNotFailed());
    runner
        .withPropertyValues("scylla.schema-action=create-if-not-exists")
        .run(context -> assertThat(context).hasNotFailed());
  }

  private void assertFailure(String property, String name, String value, String accepted) {
    runner
        .withPropertyValues(property)
        .run(
            context -> {
              assertThat(context).hasFailed();
              FailureAnalysis analysis =
                  new ScyllaPropertiesFailureAnalyzer().analyze(context.getStartupFailure());
              assertThat(analysis).as("analysis of %s", property).isNotNull();
              assertThat(analysis.getDescription()).contains(name).contains(value);
              assertThat(analysis.getDescription() + analysis.getAction()).contains(accepted);
            });
  }

  @Configuration(proxyBeanMethods = false)
  static class Customizers {
    @Bean
    List<String> calls() {
      return new ArrayList<>();
    }

    @Bean
    @Order(2)
    CqlSessionBuilderCustomizer second(List<String> calls) {
      return builder -> calls.add("second");
    }

    @Bean
    @Order(1)
    CqlSessionBuilderCustomizer first(List<String> calls) {
      return builder -> {
        calls.add("first");
        builder.withKeyspace("from_customizer");
      };
    }
  }
}
