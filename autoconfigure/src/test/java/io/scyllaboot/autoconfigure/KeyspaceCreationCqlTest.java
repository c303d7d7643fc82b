package io.scyllaboot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/**
 * The {@code CREATE KEYSPACE} the schema action runs, from {@code scylla.keyspace-replication} and
 * {@code scylla.keyspace-consistency} as an application sets them.
 */
class KeyspaceCreationCqlTest {

  private static ScyllaProperties bind(Map<String, String> properties) {
    return new Binder(new MapConfigurationPropertySource(properties))
        .bind("scylla", ScyllaProperties.class)
        .get();
  }

  @Test
  void should_create_a_strongly_consistent_keyspace_when_asked() {
    ScyllaProperties properties =
        bind(
            Map.of(
                "scylla.keyspace", "ledger",
                "scylla.keyspace-replication",
                    "{'class': 'NetworkTopologyStrategy', 'replication_factor': 3}",
                "scylla.keyspace-consistency", "global"));
    assertThat(ScyllaAutoConfiguration.createKeyspaceCql("ledger", properties))
        .isEqualTo(
            "CREATE KEYSPACE IF NOT EXISTS ledger WITH replication = {'class':"
                + " 'NetworkTopologyStrategy', 'replication_factor': 3} AND consistency = 'global'");
  }

  @Test
  void should_write_no_consistency_option_by_default() {
    ScyllaProperties properties =
        bind(
            Map.of(
                "scylla.keyspace", "Shop",
                "scylla.keyspace-replication",
                    "{'class': 'SimpleStrategy', 'replication_factor': 1}"));
    assertThat(ScyllaAutoConfiguration.createKeyspaceCql("Shop", properties))
        .isEqualTo(
            "CREATE KEYSPACE IF NOT EXISTS \"Shop\" WITH replication = {'class': 'SimpleStrategy',"
                + " 'replication_factor': 1}");
  }
}
