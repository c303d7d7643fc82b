package io.scyllaboot.autoconfigure.docker.compose;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.autoconfigure.ScyllaConnectionDetails;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.service.connection.ConnectionDetails;
import org.springframework.boot.autoconfigure.service.connection.ConnectionDetailsFactories;
import org.springframework.boot.docker.compose.core.ConnectionPorts;
import org.springframework.boot.docker.compose.core.ImageReference;
import org.springframework.boot.docker.compose.core.RunningService;
import org.springframework.boot.docker.compose.service.connection.RunningServiceSources;

/**
 * The Docker Compose factory as Spring Boot finds it (spring.factories, by image name), against a
 * stand-in running service: there is no Docker daemon here to run a compose file.
 */
class CassandraDockerComposeConnectionDetailsFactoryTest {

  /** A service as {@code docker compose ps} would report it: 9042 mapped to {@code mapped}. */
  private record StandInService(String imageName, int mapped, Map<String, String> env)
      implements RunningService {
    @Override
    public String name() {
      return "db";
    }

    @Override
    public ImageReference image() {
      return ImageReference.of(imageName);
    }

    @Override
    public String host() {
      return "compose.test";
    }

    @Override
    public ConnectionPorts ports() {
      return new ConnectionPorts() {
        @Override
        public int get(int containerPort) {
          if (containerPort != 9042) {
            throw new IllegalStateException("only 9042 is mapped, not " + containerPort);
          }
          return mapped;
        }

        @Override
        public List<Integer> getAll() {
          return List.of(mapped);
        }

        @Override
        public List<Integer> getAll(String protocol) {
          return List.of(mapped);
        }
      };
    }

    @Override
    public Map<String, String> labels() {
      return Map.of();
    }
  }

  private static ScyllaConnectionDetails detailsFor(RunningService service) {
    Map<Class<?>, ConnectionDetails> details =
        new ConnectionDetailsFactories(null)
            .getConnectionDetails(RunningServiceSources.of(service), false);
    assertThat(details).containsKey(ScyllaConnectionDetails.class);
    return (ScyllaConnectionDetails) details.get(ScyllaConnectionDetails.class);
  }

  @Test
  void should_connect_to_a_scylla_service_on_its_mapped_port() {
    ScyllaConnectionDetails details =
        detailsFor(new StandInService("scylladb/scylla:2025.1", 32801, Map.of()));
    assertThat(details.getContactPoints())
        .containsExactly(InetSocketAddress.createUnresolved("compose.test", 32801));
    assertThat(details.getLocalDatacenter()).as("learned from the contact point").isNull();
    assertThat(details.getSslBundle()).isNull();
  }

  @Test
  void should_connect_to_a_cassandra_service_with_the_data_center_it_sets() {
    ScyllaConnectionDetails details =
        detailsFor(new StandInService("cassandra:5.0.6", 32802, Map.of("CASSANDRA_DC", "eu-west")));
    assertThat(details.getContactPoints())
        .containsExactly(InetSocketAddress.createUnresolved("compose.test", 32802));
    assertThat(details.getLocalDatacenter()).isEqualTo("eu-west");
  }

  @Test
  void should_not_claim_a_service_of_another_image() {
    Map<Class<?>, ConnectionDetails> details =
        new ConnectionDetailsFactories(null)
            .getConnectionDetails(
                RunningServiceSources.of(new StandInService("redis:7", 32803, Map.of())), false);
    assertThat(details).doesNotContainKey(ScyllaConnectionDetails.class);
  }
}
