package io.scyllaboot.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.autoconfigure.ScyllaConnectionDetails;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.test.context.ContextCustomizer;

/**
 * {@link WithLocalScyllaNode}'s address, {@code reuse} and {@code overrideContactPoints}, without a
 * node: a plain server socket stands for a node that another process started.
 */
class WithLocalScyllaNodeSettingsTest {
  private static final int FOREIGN_PORT = 29042;
  private static ServerSocket foreignNode;

  @BeforeAll
  static void listen() throws IOException {
    foreignNode = new ServerSocket(FOREIGN_PORT, 50, InetAddress.getByName("127.0.0.1"));
  }

  @AfterAll
  static void close() throws IOException {
    foreignNode.close();
  }

  @WithLocalScyllaNode(port = FOREIGN_PORT)
  static class RefusesAForeignNode {}

  @WithLocalScyllaNode(port = FOREIGN_PORT, reuse = true)
  static class ReusesAForeignNode {}

  @WithLocalScyllaNode(port = FOREIGN_PORT, reuse = true, overrideContactPoints = false)
  static class KeepsTheContactPoints {}

  private static GenericApplicationContext customized(Class<?> testClass) {
    ContextCustomizer customizer =
        new LocalScyllaNodeContextCustomizerFactory().createContextCustomizer(testClass, List.of());
    GenericApplicationContext context = new GenericApplicationContext();
    customizer.customizeContext(context, null);
    return context;
  }

  @Test
  void should_refuse_a_node_this_jvm_did_not_start_unless_told_to_reuse_it() {
    assertThatThrownBy(() -> customized(RefusesAForeignNode.class))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("did not start answers on 127.0.0.1:" + FOREIGN_PORT)
        .hasMessageContaining("reuse = true");
    assertThatThrownBy(() -> LocalScyllaNode.at("127.0.0.1", FOREIGN_PORT).ensureRunning(false))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void should_point_the_context_at_the_address_of_the_annotation() {
    GenericApplicationContext context = customized(ReusesAForeignNode.class);
    ScyllaConnectionDetails details =
        (ScyllaConnectionDetails)
            context.getBeanFactory().getSingleton("localScyllaNodeConnectionDetails");
    assertThat(details).isNotNull();
    assertThat(details.getContactPoints())
        .containsExactly(new InetSocketAddress("127.0.0.1", FOREIGN_PORT));
  }

  @Test
  void should_leave_the_application_contact_points_alone_when_asked() {
    GenericApplicationContext context = customized(KeepsTheContactPoints.class);
    assertThat(context.getBeanFactory().containsSingleton("localScyllaNodeConnectionDetails"))
        .isFalse();
    assertThat(context.getEnvironment().getProperty("scylla.keyspace-replication"))
        .contains("replication_factor");
  }

  @Test
  void should_cache_contexts_per_settings() {
    LocalScyllaNodeContextCustomizerFactory factory = new LocalScyllaNodeContextCustomizerFactory();
    assertThat(factory.createContextCustomizer(ReusesAForeignNode.class, List.of()))
        .isEqualTo(factory.createContextCustomizer(ReusesAForeignNode.class, List.of()))
        .isNotEqualTo(factory.createContextCustomizer(KeepsTheContactPoints.class, List.of()));
  }
}
