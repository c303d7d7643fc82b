package io.scyllaboot.test;

import io.scyllaboot.autoconfigure.ScyllaConnectionDetails;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.annotation.MergedAnnotations;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;
import org.springframework.test.context.MergedContextConfiguration;

/**
 * For test classes annotated {@link WithLocalScyllaNode}: starts the local node if needed and
 * registers a {@link ScyllaConnectionDetails} bean pointing at it, which the auto-configuration
 * prefers to the {@code scylla.*} connection properties. It also supplies {@code
 * scylla.keyspace-replication} (one replica: the local node is a single node) at the lowest
 * precedence, so that a test's schema action may create its keyspace; the application's own setting
 * wins.
 */
public final class LocalScyllaNodeContextCustomizerFactory implements ContextCustomizerFactory {

  @Override
  public ContextCustomizer createContextCustomizer(
      Class<?> testClass, List<ContextConfigurationAttributes> configAttributes) {
    boolean annotated =
        MergedAnnotations.from(testClass, MergedAnnotations.SearchStrategy.TYPE_HIERARCHY)
            .isPresent(WithLocalScyllaNode.class);
    return annotated ? new Customizer() : null;
  }

  static final String SINGLE_NODE_REPLICATION =
      "{'class': 'SimpleStrategy', 'replication_factor': 1}";

  private static final class Customizer implements ContextCustomizer {
    @Override
    public void customizeContext(
        ConfigurableApplicationContext context, MergedContextConfiguration config) {
      LocalScyllaNode node = LocalScyllaNode.shared().ensureRunning();
      context
          .getEnvironment()
          .getPropertySources()
          .addLast(
              new MapPropertySource(
                  "localScyllaNode",
                  Map.of("scylla.keyspace-replication", SINGLE_NODE_REPLICATION)));
      ConfigurableListableBeanFactory beans = context.getBeanFactory();
      beans.registerSingleton(
          "localScyllaNodeConnectionDetails",
          new ScyllaConnectionDetails() {
            @Override
            public List<InetSocketAddress> getContactPoints() {
              return List.of(new InetSocketAddress(node.host(), node.port()));
            }

            @Override
            public String getLocalDatacenter() {
              return node.datacenter();
            }
          });
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Customizer;
    }

    @Override
    public int hashCode() {
      return Customizer.class.hashCode();
    }
  }
}
