package io.scyllaboot.autoconfigure.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.autoconfigure.ScyllaAutoConfiguration;
import io.scyllaboot.autoconfigure.ScyllaConnectionDetails;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.CqlSessionBuilder;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;
import org.testcontainers.cassandra.CassandraContainer;
import org.testcontainers.scylladb.ScyllaDBContainer;

/**
 * {@code @ServiceConnection} on Testcontainers' Cassandra and ScyllaDB containers, through Spring
 * Boot's own machinery (its context customizer finds the fields, spring.factories our factories).
 * There is no Docker daemon here: the containers are stand-ins that report a host and mapped port
 * without starting, which is the whole contract a factory reads.
 */
class ContainerServiceConnectionTest {

  /** A session of our own, so that the test connects nowhere; the builder is still configured. */
  @Configuration(proxyBeanMethods = false)
  @ImportAutoConfiguration(ScyllaAutoConfiguration.class)
  static class App {
    @Bean
    CqlSession testSession() {
      return Mockito.mock(CqlSession.class);
    }
  }

  /** The image name as given: the real method pulls the image to resolve it. */
  private static String imageNameOf(Class<?> standIn) {
    return standIn == StandInCassandra.class ? "cassandra:5.0.6" : "scylladb/scylla:2025.1";
  }

  static final class StandInCassandra extends CassandraContainer {
    StandInCassandra() {
      super("cassandra:5.0.6");
      withEnv("CASSANDRA_DC", "eu-test");
    }

    @Override
    public void start() {
      // no Docker daemon: the stand-in is "running" as constructed
    }

    @Override
    public String getDockerImageName() {
      return imageNameOf(getClass());
    }

    @Override
    public String getHost() {
      return "container.test";
    }

    @Override
    public Integer getMappedPort(int originalPort) {
      return 30000 + originalPort % 1000;
    }
  }

  static final class StandInScylla extends ScyllaDBContainer {
    StandInScylla() {
      super("scylladb/scylla:2025.1");
    }

    @Override
    public void start() {
      // no Docker daemon: the stand-in is "running" as constructed
    }

    @Override
    public String getDockerImageName() {
      return imageNameOf(getClass());
    }

    @Override
    public String getHost() {
      return "scylla.test";
    }

    @Override
    public Integer getMappedPort(int originalPort) {
      return 31000 + originalPort % 1000;
    }
  }

  @Nested
  @SpringJUnitConfig(App.class)
  class Cassandra {
    @ServiceConnection static CassandraContainer cassandra = new StandInCassandra();

    @Autowired ScyllaConnectionDetails details;
    @Autowired CqlSessionBuilder builder;

    @Test
    void should_point_the_starter_at_the_container() {
      assertThat(details.getContactPoints())
          .containsExactly(new InetSocketAddress("container.test", 30042));
      assertThat(details.getLocalDatacenter()).isEqualTo("eu-test");
      assertThat(details.getUsername()).isEqualTo("cassandra");
      assertThat(details.getSslBundle()).isNull();
      assertThat(builder.toString()).contains("container.test").contains("eu-test");
    }
  }

  @Nested
  @SpringJUnitConfig(App.class)
  class Scylla {
    @ServiceConnection static ScyllaDBContainer scylla = new StandInScylla();

    @Autowired ScyllaConnectionDetails details;

    @Test
    void should_point_the_starter_at_the_container() {
      assertThat(details.getContactPoints())
          .containsExactly(new InetSocketAddress("scylla.test", 31042));
      assertThat(details.getLocalDatacenter()).as("learned from the contact point").isNull();
    }
  }
}
