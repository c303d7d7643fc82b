package io.scyllaboot.driver.internal.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.Compression;
import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.auth.PlainTextAuthProvider;
import io.scyllaboot.driver.api.policy.ReconnectionPolicy;
import io.scyllaboot.driver.api.policy.SpeculativeExecutionPolicy;
import io.scyllaboot.driver.internal.connection.ShardAwarePorts;
import io.scyllaboot.driver.internal.metrics.Instrumentation;
import io.scyllaboot.driver.internal.pool.PoolOptions;
import io.scyllaboot.driver.internal.routing.RoutingSettings;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.Test;

/** The configuration a session shows ScyllaDB in system.clients: useful settings, no secret. */
class SessionConfigJsonTest {
  private static final String PASSWORD = "pw-Secret-42";
  private static final String USER = "orders-app-user";

  @Test
  void should_show_the_settings_and_no_credential_nor_tls_material() throws Exception {
    SSLContext tls = SSLContext.getInstance("TLS");
    tls.init(null, null, null);
    String json =
        SessionConfigJson.of(
            settings(tls, new PlainTextAuthProvider(USER, PASSWORD), "orders \"eu\"\n"));
    assertThat(json)
        .startsWith("{")
        .endsWith("}")
        .contains("\"session_name\":\"s7\"")
        .contains("\"local_datacenter\":\"dc1\"")
        .contains("\"consistency\":\"LOCAL_QUORUM\"")
        .contains("\"request_timeout_ms\":2500")
        .contains("\"connections_per_shard\":2")
        .contains("\"tls\":true")
        .contains("\"authentication\":true")
        .contains("\"application_name\":\"orders \\\"eu\\\"\\n\"");
    assertThat(json).doesNotContain(PASSWORD).doesNotContain(USER).doesNotContain("10.0.0.");
    assertThat(json.toLowerCase(Locale.ROOT))
        .doesNotContain("password")
        .doesNotContain("credential")
        .doesNotContain("key_store")
        .doesNotContain("keystore")
        .doesNotContain("truststore")
        .doesNotContain("secret");
    assertThat(json.length()).as("far below the 32 KiB bound").isLessThan(2048);
  }

  @Test
  void should_say_no_tls_and_no_authentication_when_there_is_none() {
    String json = SessionConfigJson.of(settings(null, null, null));
    assertThat(json)
        .contains("\"tls\":false")
        .contains("\"authentication\":false")
        .doesNotContain("application_name");
  }

  private static SessionSettings settings(
      SSLContext tls, PlainTextAuthProvider auth, String applicationName) {
    return new SessionSettings(
        List.of(new InetSocketAddress("10.0.0.1", 9042), new InetSocketAddress("10.0.0.2", 9042)),
        "shop",
        "dc1",
        0,
        ConsistencyLevel.LOCAL_QUORUM,
        ConsistencyLevel.LOCAL_SERIAL,
        5000,
        Duration.ofMillis(2500),
        Duration.ofSeconds(5),
        Duration.ofSeconds(5),
        512,
        1024,
        16384,
        "s7",
        1,
        Duration.ofSeconds(30),
        Duration.ofSeconds(1),
        Duration.ofSeconds(60),
        1,
        false,
        false,
        0,
        0,
        Duration.ofSeconds(10),
        new Instrumentation(null, false, List.of()),
        Compression.NONE,
        tls,
        true,
        auth,
        true,
        true,
        new PoolOptions(
            1,
            2,
            true,
            true,
            ShardAwarePorts.DEFAULT,
            ReconnectionPolicy.exponential(Duration.ofSeconds(1), Duration.ofSeconds(60)),
            Duration.ZERO,
            8),
        SpeculativeExecutionPolicy.NONE,
        MetadataSettings.DEFAULT,
        RoutingSettings.DEFAULTS,
        new PolicySettings(
            PolicySettings.DEFAULTS.retry(),
            java.util.Map.of(),
            null,
            applicationName,
            "1.0",
            io.scyllaboot.driver.internal.cql.MappingCodecs.NONE),
        null);
  }
}
