package io.scyllaboot.driver.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The builder's defaults and checks, which its options holders (one per topic) keep: a default
 * builder describes the documented defaults, each option shows what it was set to, and a bad value
 * fails at once with a message naming the option and the value.
 */
class CqlSessionBuilderTest {

  @Test
  void describesTheDocumentedDefaults() {
    assertThat(CqlSession.builder().toString())
        .contains("sessionName=s0")
        .contains("protocolVersion=null")
        .contains("consistency=LOCAL_ONE")
        .contains("serialConsistency=SERIAL")
        .contains("pageSize=5000")
        .contains("requestTimeout=PT2S")
        .contains("connectTimeout=PT5S")
        .contains("initQueryTimeout=PT5S")
        .contains("maxPrepared=512")
        .contains("connectionsPerNode=1")
        .contains("connectionsPerShard=1")
        .contains("shardAware=true")
        .contains("shardAwarePort=49152-65535")
        .contains("maxRequestsPerConnection=1024")
        .contains("heartbeatInterval=PT30S")
        .contains("idempotent=false")
        .contains("speculativeExecution=none")
        .contains("unresponsiveNodeTimeout=PT1S")
        .contains("clientTimestamps=true")
        .contains("throttling=off")
        .contains("metrics=off")
        .contains("schemaMetadata=[!system, !/^system_.*/, !/^dse_.*/, !solr_admin, !OpsCenter]")
        .contains("compression=NONE")
        .contains("ssl=false")
        .contains("hostnameVerification=true")
        .contains("auth=none");
  }

  @Test
  void derivesTheUnresponsiveNodeTimeoutFromTheRequestTimeoutUnlessSet() {
    CqlSessionBuilder builder = CqlSession.builder().withRequestTimeout(Duration.ofSeconds(5));
    assertThat(builder.toString()).contains("unresponsiveNodeTimeout=PT2.5S");
    assertThat(builder.withUnresponsiveNodeTimeout(Duration.ofMillis(300)).toString())
        .contains("unresponsiveNodeTimeout=PT0.3S");
    assertThat(builder.withRequestTimeout(Duration.ofSeconds(8)).toString())
        .as("a timeout set stays set")
        .contains("unresponsiveNodeTimeout=PT0.3S");
  }

  @Test
  void describesWhatEachTopicWasSetTo() {
    CqlSessionBuilder builder =
        CqlSession.builder()
            .withConsistency(ConsistencyLevel.QUORUM)
            .withPageSize(100)
            .withRequestTimeout(Duration.ofSeconds(9))
            .withIdempotentByDefault(true)
            .withThrottling(8, 16)
            .withConnectTimeout(Duration.ofSeconds(3))
            .withMaxRequestsPerConnection(64)
            .withConnectionsPerShard(2)
            .withShardAwareSourcePorts(50000, 50100)
            .withShardAwarePort(true)
            .withSchemaKeyspaces(List.of("shop"))
            .withUnresponsiveNodeTimeout(Duration.ZERO);
    assertThat(builder.toString())
        .contains("consistency=QUORUM")
        .contains("pageSize=100")
        .contains("requestTimeout=PT9S")
        .contains("idempotent=true")
        .contains("throttling=8/16")
        .contains("connectTimeout=PT3S")
        .contains("maxRequestsPerConnection=64")
        .contains("connectionsPerShard=2")
        .contains("shardAwarePort=50000-50100")
        .contains("schemaMetadata=[shop]")
        .contains("unresponsiveNodeTimeout=PT0S");
    assertThat(builder.withShardAwarePort(false).withSchemaMetadata(false).toString())
        .contains("shardAwarePort=off")
        .contains("schemaMetadata=off");
  }

  @Test
  void refusesBadValuesNamingTheOptionAndTheValue() {
    CqlSessionBuilder builder = CqlSession.builder();
    assertThatThrownBy(() -> builder.withPageSize(0))
        .hasMessage("page size must be positive, was 0");
    assertThatThrownBy(() -> builder.withSerialConsistency(ConsistencyLevel.ONE))
        .hasMessage("serial consistency must be SERIAL or LOCAL_SERIAL, was ONE");
    assertThatThrownBy(() -> builder.withRequestTimeout(Duration.ZERO))
        .hasMessage("request timeout must be positive, was PT0S");
    assertThatThrownBy(() -> builder.withConnectTimeout(Duration.ofSeconds(-1)))
        .hasMessage("connect timeout must be positive, was PT-1S");
    assertThatThrownBy(() -> builder.withHeartbeatInterval(Duration.ofSeconds(-1)))
        .hasMessage("heartbeat interval must not be negative, was PT-1S");
    assertThatThrownBy(() -> builder.withMaxRequestsPerConnection(40000))
        .hasMessage("max requests per connection must be in [1, 32767], was 40000");
    assertThatThrownBy(() -> builder.withMaxQueuedRequests(-1))
        .hasMessage("max queued requests must not be negative, was -1");
    assertThatThrownBy(() -> builder.withConnectionsPerNode(0))
        .hasMessage("connections per node must be at least 1, was 0");
    assertThatThrownBy(() -> builder.withConnectionsPerShard(0))
        .hasMessage("connections per shard must be at least 1, was 0");
    assertThatThrownBy(() -> builder.withIoThreads(0))
        .hasMessage("I/O threads must be at least 1, was 0");
    assertThatThrownBy(() -> builder.withThrottling(0, 5))
        .hasMessage("throttling needs max concurrent >= 1 and max queued >= 0, were 0 and 5");
    assertThatThrownBy(
            () -> builder.withReconnectionDelays(Duration.ofSeconds(5), Duration.ofSeconds(1)))
        .hasMessage("reconnection max delay PT1S is shorter than the base delay PT5S");
    assertThatThrownBy(() -> builder.withUnresponsiveNodeTimeout(Duration.ofMillis(-1)))
        .hasMessage("unresponsive node timeout must not be negative, was PT-0.001S");
    assertThatThrownBy(() -> builder.withSchemaKeyspaces(List.of(" ")))
        .hasMessage(
            "schema keyspaces must be keyspace names, !names, /regex/ or !/regex/, got [ ]");
    assertThatThrownBy(() -> builder.withSchemaAgreementTimeout(Duration.ZERO))
        .hasMessage("schema agreement timeout must be positive, was PT0S");
    assertThatThrownBy(() -> builder.withMeterRegistry("not a registry"))
        .hasMessage(
            "expected an io.micrometer.core.instrument.MeterRegistry, got java.lang.String");
    assertThatThrownBy(() -> builder.withMaxPrepared(0))
        .hasMessage("max prepared must be positive, was 0");
    assertThat(builder.toString()).as("nothing bad was kept").contains("pageSize=5000");
  }
}
