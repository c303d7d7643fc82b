package io.scyllaboot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.autoconfigure.data.ScyllaDataAutoConfiguration;
import io.scyllaboot.autoconfigure.data.ScyllaReactiveRepositoriesAutoConfiguration;
import io.scyllaboot.autoconfigure.data.ScyllaRepositoriesAutoConfiguration;
import io.scyllaboot.autoconfigure.health.ScyllaHealthContributorAutoConfiguration;
import io.scyllaboot.autoconfigure.health.ScyllaHealthIndicator;
import io.scyllaboot.autoconfigure.health.ScyllaReactiveHealthContributorAutoConfiguration;
import io.scyllaboot.autoconfigure.health.ScyllaReactiveHealthIndicator;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.metadata.ClusterMetadata;
import io.scyllaboot.driver.api.metadata.Node;
import io.scyllaboot.driver.api.metadata.NodeState;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.reactive.ReactiveScyllaOperations;
import io.scyllaboot.spring.reactive.ReactiveScyllaTemplate;
import io.scyllaboot.spring.reactive.cql.ReactiveCqlTemplate;
import io.scyllaboot.spring.repository.support.ReactiveScyllaRepositoryFactoryBean;
import io.scyllaboot.spring.repository.support.ScyllaRepositoryFactoryBean;
import java.net.InetSocketAddress;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

/** What is configured with and without Reactor, and the repository type switch (no server). */
class ScyllaReactiveAutoConfigurationTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withBean("testSession", CqlSession.class, ScyllaReactiveAutoConfigurationTest::session)
          .withUserConfiguration(Application.class)
          .withConfiguration(
              AutoConfigurations.of(
                  ScyllaAutoConfiguration.class,
                  ScyllaReactiveAutoConfiguration.class,
                  ScyllaDataAutoConfiguration.class,
                  ScyllaHealthContributorAutoConfiguration.class,
                  ScyllaReactiveHealthContributorAutoConfiguration.class,
                  ScyllaRepositoriesAutoConfiguration.class,
                  ScyllaReactiveRepositoriesAutoConfiguration.class));

  /** Scans this package, which holds no repository. */
  @AutoConfigurationPackage
  static class Application {}

  private static CqlSession session() {
    Node node = Mockito.mock(Node.class);
    Mockito.when(node.address()).thenReturn(new InetSocketAddress("10.0.0.1", 9042));
    Mockito.when(node.datacenter()).thenReturn("dc1");
    Mockito.when(node.state()).thenReturn(NodeState.UP);
    ClusterMetadata metadata = Mockito.mock(ClusterMetadata.class);
    Mockito.when(metadata.nodes()).thenReturn(List.of(node));
    CqlSession session = Mockito.mock(CqlSession.class);
    Mockito.when(session.metadata()).thenReturn(metadata);
    return session;
  }

  @Test
  void should_configure_the_reactive_template_and_a_reactive_health_indicator_with_reactor() {
    runner.run(
        context -> {
          assertThat(context).hasNotFailed();
          assertThat(context.getBean("scyllaReactiveCqlTemplate"))
              .isInstanceOf(ReactiveCqlTemplate.class);
          assertThat(context.getBean("reactiveScyllaTemplate"))
              .isInstanceOfSatisfying(
                  ReactiveScyllaTemplate.class,
                  template ->
                      assertThat(template.getConverter())
                          .isSameAs(context.getBean(ScyllaEntityConverter.class)));
          assertThat(context).hasSingleBean(ScyllaReactiveHealthIndicator.class);
          assertThat(context).doesNotHaveBean(ScyllaHealthIndicator.class);
          StepVerifier.create(context.getBean(ScyllaReactiveHealthIndicator.class).health(true))
              .assertNext(
                  health -> {
                    assertThat(health.getStatus()).isEqualTo(Status.UP);
                    assertThat(health.getDetails())
                        .containsEntry("nodesUp", 1L)
                        .containsEntry("datacenter", "dc1");
                  })
              .verifyComplete();
        });
  }

  @Test
  void should_fall_back_to_the_blocking_health_indicator_and_no_template_without_reactor() {
    runner
        .withClassLoader(new FilteredClassLoader(Flux.class))
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context).doesNotHaveBean(ReactiveCqlTemplate.class);
              assertThat(context).doesNotHaveBean("reactiveScyllaTemplate");
              assertThat(context).doesNotHaveBean(ScyllaReactiveHealthIndicator.class);
              assertThat(context).hasSingleBean(ScyllaHealthIndicator.class);
            });
  }

  @Test
  void should_back_off_from_the_reactive_entity_template_the_application_defines() {
    ReactiveScyllaOperations own = Mockito.mock(ReactiveScyllaOperations.class);
    runner
        .withBean("ownTemplate", ReactiveScyllaOperations.class, () -> own)
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context).doesNotHaveBean(ReactiveScyllaTemplate.class);
              assertThat(context.getBean(ReactiveScyllaOperations.class)).isSameAs(own);
            });
  }

  @Test
  void should_enable_the_repository_kinds_that_scylla_repositories_type_names() {
    String imperative = ScyllaRepositoriesAutoConfiguration.class.getName();
    String reactive = ScyllaReactiveRepositoriesAutoConfiguration.class.getName();
    runner.run(context -> assertThat(context).hasBean(imperative).hasBean(reactive));
    runner
        .withPropertyValues("scylla.repositories.type=reactive")
        .run(context -> assertThat(context).doesNotHaveBean(imperative).hasBean(reactive));
    runner
        .withPropertyValues("scylla.repositories.type=IMPERATIVE")
        .run(context -> assertThat(context).hasBean(imperative).doesNotHaveBean(reactive));
    runner
        .withPropertyValues("scylla.repositories.type=none")
        .run(context -> assertThat(context).doesNotHaveBean(imperative).doesNotHaveBean(reactive));
    runner
        .withClassLoader(new FilteredClassLoader(Flux.class))
        .run(context -> assertThat(context).hasBean(imperative).doesNotHaveBean(reactive));
  }

  @Test
  void should_back_off_when_the_application_declares_its_own_factory_beans() {
    // Declared in the context as @EnableReactiveScyllaRepositories would: the auto-configuration
    // then leaves repositories to the application.
    runner
        .withBean(
            "reactiveRepositoryFactoryBean",
            ReactiveScyllaRepositoryFactoryBean.class,
            () -> Mockito.mock(ReactiveScyllaRepositoryFactoryBean.class))
        .withBean(
            "repositoryFactoryBean",
            ScyllaRepositoryFactoryBean.class,
            () -> Mockito.mock(ScyllaRepositoryFactoryBean.class))
        .run(
            context ->
                assertThat(context)
                    .doesNotHaveBean(ScyllaReactiveRepositoriesAutoConfiguration.class.getName())
                    .doesNotHaveBean(ScyllaRepositoriesAutoConfiguration.class.getName()));
  }
}
