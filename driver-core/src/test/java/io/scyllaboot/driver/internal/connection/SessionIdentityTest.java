package io.scyllaboot.driver.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What STARTUP carries of the session's identity, for each set of keys a node offers. */
class SessionIdentityTest {
  private static final UUID ID = UUID.fromString("0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0");
  private static final String CONFIG = "{\"consistency\":\"LOCAL_QUORUM\"}";

  @Test
  void should_send_nothing_to_a_node_that_offers_no_client_options() {
    SessionIdentity identity = new SessionIdentity(ID, CONFIG);
    assertThat(identity.startupOptions(Map.of())).isEmpty();
    assertThat(identity.startupOptions(Map.of("CQL_VERSION", List.of("3.4.7")))).isEmpty();
  }

  @Test
  void should_send_one_json_object_under_client_options() {
    Map<String, String> options =
        new SessionIdentity(ID, CONFIG).startupOptions(Map.of("CLIENT_OPTIONS", List.of("")));
    assertThat(options)
        .containsExactly(
            Map.entry(
                "CLIENT_OPTIONS",
                "{\"session_id\":\"" + ID + "\",\"driver_config\":" + CONFIG + "}"));
  }

  @Test
  void should_send_driver_config_and_session_id_apart_when_offered_so() {
    Map<String, String> options =
        new SessionIdentity(ID, CONFIG)
            .startupOptions(Map.of("DRIVER_CONFIG", List.of(""), "SESSION_ID", List.of("")));
    assertThat(options)
        .containsOnly(Map.entry("SESSION_ID", ID.toString()), Map.entry("DRIVER_CONFIG", CONFIG));
  }

  @Test
  void should_leave_out_a_configuration_over_32_kib_but_keep_the_id() {
    String large = "{\"x\":\"" + "a".repeat(SessionIdentity.MAX_CONFIG_BYTES) + "\"}";
    SessionIdentity identity = new SessionIdentity(ID, large);
    assertThat(identity.configJson()).isNull();
    assertThat(
            identity.startupOptions(
                Map.of(
                    "CLIENT_OPTIONS", List.of(""),
                    "DRIVER_CONFIG", List.of(""),
                    "SESSION_ID", List.of(""))))
        .containsOnly(
            Map.entry("CLIENT_OPTIONS", "{\"session_id\":\"" + ID + "\"}"),
            Map.entry("SESSION_ID", ID.toString()));
    String fits = "{\"x\":\"" + "a".repeat(SessionIdentity.MAX_CONFIG_BYTES - 8) + "\"}";
    assertThat(fits).hasSize(SessionIdentity.MAX_CONFIG_BYTES);
    assertThat(new SessionIdentity(ID, fits).configJson()).isEqualTo(fits);
  }

  @Test
  void should_read_the_host_id_a_node_reports_and_ignore_anything_else() {
    UUID host = UUID.randomUUID();
    assertThat(SessionIdentity.reportedHostId(Map.of("SCYLLA_HOST_ID", List.of(host.toString()))))
        .isEqualTo(host);
    assertThat(SessionIdentity.reportedHostId(Map.of())).isNull();
    assertThat(SessionIdentity.reportedHostId(Map.of("SCYLLA_HOST_ID", List.of("not-a-uuid"))))
        .isNull();
    assertThat(
            SessionIdentity.reportedHostId(
                Map.of("SCYLLA_HOST_ID", List.of(host.toString(), UUID.randomUUID().toString()))))
        .isNull();
  }
}
