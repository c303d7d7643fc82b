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
 * For test classes annotated {@link WithLocalScyllaNode}: starts the node of its address if needed
 * (using another process's only when told to) and registers a {@link ScyllaConnectionDetails} bean
 * pointing at it (unless {@code overrideContactPoints = false}), which the auto-configuration
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
    if (!annotated) {
      return null;
    }
    WithLocalScyllaNode settings = LocalScyllaNodeExtension.settings(testClass);
    return new Customizer(
        settings.host(), settings.port(), settings.reuse(), settings.overrideContactPoints());
  }

  static final String SINGLE_NODE_REPLICATION =
      "{'class': 'SimpleStrategy', 'replication_factor': 1}";

  /** A record: contexts of classes with the same settings are cached as one. */
  private record Customizer(String host, int port, boolean reuse, boolean overrideContactPoints)
      implements ContextCustomizer {
    @Override
    public void customizeContext(
        ConfigurableApplicationContext context, MergedContextConfiguration config) {
      boolean reuseAny = reuse || Boolean.getBoolean("scylla.local-node.reuse");
      LocalScyllaNode node = LocalScyllaNode.at(host, port).ensureRunning(reuseAny);
      context
          .getEnvironment()
          .getPropertySources()
          .addLast(
              new MapPropertySource(
                  "localScyllaNode",
                  Map.of("scylla.keyspace-replication", SINGLE_NODE_REPLICATION)));
      if (!overrideContactPoints) {
        return;
      }
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
  }
}
