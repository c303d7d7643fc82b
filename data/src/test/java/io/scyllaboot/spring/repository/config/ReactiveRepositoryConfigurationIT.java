package io.scyllaboot.spring.repository.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.TestKeyspaceExtension;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.reactive.ReactiveScyllaOperations;
import io.scyllaboot.spring.reactive.ReactiveScyllaTemplate;
import io.scyllaboot.spring.repository.Query;
import io.scyllaboot.spring.repository.ReactiveScyllaRepository;
import io.scyllaboot.spring.repository.support.SchemaCreator;
import io.scyllaboot.spring.repository.support.ScyllaEntityInformation;
import io.scyllaboot.spring.repository.support.SimpleReactiveScyllaRepository;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.data.repository.NoRepositoryBean;
import org.springframework.data.repository.query.QueryLookupStrategy;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * {@code @EnableReactiveScyllaRepositories(repositoryBaseClass, queryLookupStrategy,
 * namedQueriesLocation)} are honoured, as Spring Data Cassandra's
 * {@code @EnableReactiveCassandraRepositories} honours them (and as the blocking ones are, {@link
 * RepositoryConfigurationIT}).
 */
@ExtendWith(CassandraNodeExtension.class)
class ReactiveRepositoryConfigurationIT {
  @RegisterExtension
  static final TestKeyspaceExtension keyspace = new TestKeyspaceExtension("reactive_repo_config");

  private static CqlSession session;

  @Table("dials")
  public record Dial(@PartitionKey String id, String label) {}

  /** The extra method every repository gets from the base class. */
  @NoRepositoryBean
  public interface LabelledRepository<T, ID> extends ReactiveScyllaRepository<T, ID> {
    Mono<String> describe();
  }

  /** A base class as a Spring Data Cassandra application writes one (information, operations). */
  public static class LabelledBase<T, ID> extends SimpleReactiveScyllaRepository<T, ID>
      implements LabelledRepository<T, ID> {
    private final ScyllaEntityInformation<T, ID> information;

    public LabelledBase(
        ScyllaEntityInformation<T, ID> information, ReactiveScyllaOperations operations) {
      super(information, operations);
      this.information = information;
    }

    @Override
    public Mono<String> describe() {
      return count()
          .map(n -> "repository of " + information.getJavaType().getSimpleName() + ", " + n);
    }
  }

  public interface Dials extends LabelledRepository<Dial, String> {
    /** From the named queries file. */
    Flux<Dial> findLabelled(String id);
  }

  public interface DeclaredOnly extends ReactiveScyllaRepository<Dial, String> {
    @Query("SELECT * FROM dials WHERE id = ?0")
    Flux<Dial> declared(String id);

    Flux<Dial> findByIdIn(List<String> ids);
  }

  public interface DerivedOnly extends ReactiveScyllaRepository<Dial, String> {
    // Under CREATE the @Query is ignored: the name derives "WHERE label = ?", refused unindexed.
    @Query("SELECT * FROM dials WHERE id = ?0")
    Flux<Dial> findByLabel(String label);
  }

  @Configuration(proxyBeanMethods = false)
  static class Beans {
    // The test's session: the contexts must not close it.
    @Bean(destroyMethod = "")
    CqlSession session() {
      return session;
    }

    @Bean
    ScyllaMappingContext mappingContext() {
      return new ScyllaMappingContext();
    }

    @Bean
    ScyllaEntityConverter converter(ScyllaMappingContext context) {
      return new ScyllaEntityConverter(context);
    }

    @Bean
    ScyllaExceptionTranslator translator() {
      return new ScyllaExceptionTranslator();
    }

    @Bean
    ReactiveScyllaTemplate reactiveTemplate(ScyllaEntityConverter converter) {
      return new ReactiveScyllaTemplate(session, converter);
    }

    @Bean
    SchemaCreator schemaCreator(ScyllaMappingContext context) {
      return new SchemaCreator(session, context);
    }
  }

  @Configuration(proxyBeanMethods = false)
  @EnableReactiveScyllaRepositories(
      basePackageClasses = ReactiveRepositoryConfigurationIT.class,
      considerNestedRepositories = true,
      includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE, classes = Dials.class),
      repositoryBaseClass = LabelledBase.class,
      namedQueriesLocation = "classpath:META-INF/reactive-config-test-named-queries.properties")
  static class BaseClassAndNamedQueries extends Beans {}

  @Configuration(proxyBeanMethods = false)
  @EnableReactiveScyllaRepositories(
      basePackageClasses = ReactiveRepositoryConfigurationIT.class,
      considerNestedRepositories = true,
      includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE, classes = DeclaredOnly.class),
      queryLookupStrategy = QueryLookupStrategy.Key.USE_DECLARED_QUERY)
  static class DeclaredQueriesOnly extends Beans {}

  @Configuration(proxyBeanMethods = false)
  @EnableReactiveScyllaRepositories(
      basePackageClasses = ReactiveRepositoryConfigurationIT.class,
      considerNestedRepositories = true,
      includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE, classes = DerivedOnly.class),
      queryLookupStrategy = QueryLookupStrategy.Key.CREATE)
  static class DerivedQueriesOnly extends Beans {}

  @BeforeAll
  static void connect() {
    session = keyspace.session();
  }

  @Test
  void should_build_reactive_repositories_on_the_base_class_with_the_named_queries() {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(BaseClassAndNamedQueries.class)) {
      Dials dials = context.getBean(Dials.class);
      dials.saveAll(List.of(new Dial("d1", "boiler"), new Dial("d2", "tank"))).blockLast();
      assertThat(dials.describe().block()).isEqualTo("repository of Dial, 2");
      assertThat(dials.findLabelled("d2").collectList().block())
          .containsExactly(new Dial("d2", "tank"));
    }
  }

  @Test
  void should_refuse_a_derived_query_when_only_declared_queries_are_looked_up() {
    assertThatThrownBy(() -> new AnnotationConfigApplicationContext(DeclaredQueriesOnly.class))
        .hasStackTraceContaining("DeclaredOnly.findByIdIn")
        .hasStackTraceContaining("USE_DECLARED_QUERY");
  }

  @Test
  void should_derive_from_the_name_and_ignore_the_query_under_create() {
    // The derived query is what the start-up check sees: it refuses it when asked to fail.
    AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
    context
        .getEnvironment()
        .getPropertySources()
        .addFirst(
            new org.springframework.core.env.MapPropertySource(
                "check", java.util.Map.of("scylla.repositories.derived-query-check", "fail")));
    context.register(DerivedQueriesOnly.class);
    assertThatThrownBy(context::refresh)
        .hasStackTraceContaining("DerivedOnly.findByLabel")
        .hasStackTraceContaining("ALLOW FILTERING");
  }
}
