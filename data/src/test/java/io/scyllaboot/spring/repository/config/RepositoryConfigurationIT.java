package io.scyllaboot.spring.repository.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.TestKeyspaceExtension;
import io.scyllaboot.spring.core.ScyllaOperations;
import io.scyllaboot.spring.core.ScyllaTemplate;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.repository.Query;
import io.scyllaboot.spring.repository.ScyllaRepository;
import io.scyllaboot.spring.repository.support.SchemaCreator;
import io.scyllaboot.spring.repository.support.ScyllaEntityInformation;
import io.scyllaboot.spring.repository.support.SimpleScyllaRepository;
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

/**
 * {@code @EnableScyllaRepositories(repositoryBaseClass, queryLookupStrategy, namedQueriesLocation)}
 * are honoured, as Spring Data Cassandra's {@code @EnableCassandraRepositories} honours them.
 */
@ExtendWith(CassandraNodeExtension.class)
class RepositoryConfigurationIT {
  @RegisterExtension
  static final TestKeyspaceExtension keyspace = new TestKeyspaceExtension("repo_config");

  private static CqlSession session;

  @Table("gauges")
  public record Gauge(@PartitionKey String id, String label) {}

  /** The extra method every repository gets from the base class. */
  @NoRepositoryBean
  public interface LabelledRepository<T, ID> extends ScyllaRepository<T, ID> {
    String describe();
  }

  /** A base class as a Spring Data Cassandra application writes one. */
  public static class LabelledBase<T, ID> extends SimpleScyllaRepository<T, ID>
      implements LabelledRepository<T, ID> {
    private final ScyllaEntityInformation<T, ID> information;

    public LabelledBase(ScyllaEntityInformation<T, ID> information, ScyllaOperations operations) {
      super(information, operations);
      this.information = information;
    }

    @Override
    public String describe() {
      return "repository of " + information.getJavaType().getSimpleName() + ", " + count();
    }
  }

  public interface Gauges extends LabelledRepository<Gauge, String> {
    /** From the named queries file. */
    List<Gauge> findLabelled(String id);
  }

  public interface DeclaredOnly extends ScyllaRepository<Gauge, String> {
    @Query("SELECT * FROM gauges WHERE id = ?0")
    List<Gauge> declared(String id);

    List<Gauge> findByIdIn(List<String> ids);
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
    ScyllaTemplate template(ScyllaEntityConverter converter) {
      return new ScyllaTemplate(session, converter);
    }

    @Bean
    SchemaCreator schemaCreator(ScyllaMappingContext context) {
      return new SchemaCreator(session, context);
    }
  }

  @Configuration(proxyBeanMethods = false)
  @EnableScyllaRepositories(
      basePackageClasses = RepositoryConfigurationIT.class,
      considerNestedRepositories = true,
      includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE, classes = Gauges.class),
      repositoryBaseClass = LabelledBase.class,
      namedQueriesLocation = "classpath:META-INF/config-test-named-queries.properties")
  static class BaseClassAndNamedQueries extends Beans {}

  @Configuration(proxyBeanMethods = false)
  @EnableScyllaRepositories(
      basePackageClasses = RepositoryConfigurationIT.class,
      considerNestedRepositories = true,
      includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE, classes = DeclaredOnly.class),
      queryLookupStrategy = QueryLookupStrategy.Key.USE_DECLARED_QUERY)
  static class DeclaredQueriesOnly extends Beans {}

  @BeforeAll
  static void connect() {
    session = keyspace.session();
  }

  @Test
  void should_build_repositories_on_the_base_class_with_the_named_queries() {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(BaseClassAndNamedQueries.class)) {
      Gauges gauges = context.getBean(Gauges.class);
      gauges.saveAll(List.of(new Gauge("g1", "boiler"), new Gauge("g2", "tank")));
      assertThat(gauges.describe()).isEqualTo("repository of Gauge, 2");
      assertThat(gauges.findLabelled("g2")).containsExactly(new Gauge("g2", "tank"));
    }
  }

  @Test
  void should_refuse_a_derived_query_when_only_declared_queries_are_looked_up() {
    assertThatThrownBy(() -> new AnnotationConfigApplicationContext(DeclaredQueriesOnly.class))
        .hasStackTraceContaining("DeclaredOnly.findByIdIn")
        .hasStackTraceContaining("USE_DECLARED_QUERY");
  }
}
