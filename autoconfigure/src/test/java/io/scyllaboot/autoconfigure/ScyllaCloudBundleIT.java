package io.scyllaboot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.autoconfigure.data.ScyllaDataAutoConfiguration;
import io.scyllaboot.autoconfigure.data.ScyllaTemplateAutoConfiguration;
import io.scyllaboot.autoconfigure.health.ScyllaHealthContributorAutoConfiguration;
import io.scyllaboot.autoconfigure.health.ScyllaHealthIndicator;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.driver.testing.FakeCloud;
import io.scyllaboot.spring.cql.CqlTemplate;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * A Spring application on DataStax Astra, as Spring's guides write one: a builder customizer adds
 * the secure connect bundle, while the properties (here the starter's defaults, a contact point and
 * a data center) stay. The bundle decides; the node is reached through {@link FakeCloud}'s proxy.
 */
@ExtendWith(CassandraNodeExtension.class)
class ScyllaCloudBundleIT {
  @TempDir Path directory;

  @Test
  void should_open_the_session_through_a_bundle_a_customizer_adds() throws Exception {
    UUID hostId;
    final String datacenter;
    try (CqlSession plain = CassandraNode.openSession()) {
      Row local = plain.execute("SELECT host_id, data_center FROM system.local").one();
      hostId = local.getUuid("host_id");
      datacenter = local.getString("data_center");
    }
    try (FakeCloud cloud =
        new FakeCloud(directory, Map.of(hostId, CassandraNode.address()), datacenter)) {
      Path bundle = cloud.bundle();
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  ScyllaAutoConfiguration.class,
                  ScyllaDataAutoConfiguration.class,
                  ScyllaTemplateAutoConfiguration.class,
                  ScyllaHealthContributorAutoConfiguration.class))
          .withPropertyValues(
              "scylla.contact-points=127.0.0.1:1", "scylla.local-datacenter=elsewhere")
          .withBean(
              "astra",
              CqlSessionBuilderCustomizer.class,
              () -> builder -> builder.withCloudSecureConnectBundle(bundle))
          .run(
              context -> {
                assertThat(context).hasNotFailed();
                CqlTemplate template = context.getBean(CqlTemplate.class);
                assertThat(
                        template.queryForObject(
                            "SELECT release_version FROM system.local", String.class))
                    .isNotBlank();
                // The health check counts the bundle's data center, not the property's.
                Health health = context.getBean(ScyllaHealthIndicator.class).health(true);
                assertThat(health.getStatus()).isEqualTo(Status.UP);
                assertThat(health.getDetails()).containsEntry("datacenter", datacenter);
                assertThat(context.getBean(CqlSession.class).metadata().nodes())
                    .singleElement()
                    .satisfies(
                        node ->
                            assertThat(node.address().getHostString())
                                .isEqualTo(hostId.toString()));
              });
      assertThat(cloud.connectionsTo(hostId)).isPositive();
    }
  }
}
