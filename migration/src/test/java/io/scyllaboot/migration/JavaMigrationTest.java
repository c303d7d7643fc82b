package io.scyllaboot.migration;

import static org.openrewrite.java.Assertions.java;

import org.junit.jupiter.api.Test;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

class JavaMigrationTest implements RewriteTest {

  @Override
  public void defaults(RecipeSpec spec) {
    RecipeSpecs.migration(spec);
  }

  @Test
  void movesEntityAnnotations() {
    rewriteRun(
        java(
            """
            import java.util.UUID;
            import org.springframework.data.annotation.Version;
            import org.springframework.data.cassandra.core.mapping.Column;
            import org.springframework.data.cassandra.core.mapping.PrimaryKey;
            import org.springframework.data.cassandra.core.mapping.Table;

            @Table("customers")
            class Customer {
              @PrimaryKey UUID id;
              @Column("email_address") String email;
              @Version Long version;
            }
            """,
            """
            import java.util.UUID;

            import io.scyllaboot.spring.mapping.Column;
            import io.scyllaboot.spring.mapping.PrimaryKey;
            import io.scyllaboot.spring.mapping.Table;
            import org.springframework.data.annotation.Version;

            @Table("customers")
            class Customer {
              @PrimaryKey UUID id;
              @Column("email_address") String email;
              @Version Long version;
            }
            """));
  }

  @Test
  void movesTupleTypeFrozenEmbeddedAndStaticColumnAnnotations() {
    rewriteRun(
        java(
            """
            import java.util.List;
            import org.springframework.data.cassandra.core.mapping.CassandraType;
            import org.springframework.data.cassandra.core.mapping.Column;
            import org.springframework.data.cassandra.core.mapping.Element;
            import org.springframework.data.cassandra.core.mapping.Embedded;
            import org.springframework.data.cassandra.core.mapping.Frozen;
            import org.springframework.data.cassandra.core.mapping.Tuple;

            class Mapped {
              @Tuple
              static class Pair {
                @Element(0) int a;
                @Element(1) String b;
              }

              @CassandraType(type = CassandraType.Name.INT) long count;
              @Frozen List<String> tags;
              @Embedded.Nullable(prefix = "home_") Pair home;
              @Embedded(onEmpty = Embedded.OnEmpty.USE_EMPTY) Pair work;
              @Column(value = "owner", isStatic = true) String owner;
            }
            """,
            """
            import java.util.List;

            import io.scyllaboot.spring.mapping.*;

            class Mapped {
              @Tuple
              static class Pair {
                @Element(0) int a;
                @Element(1) String b;
              }

              @CqlType(type = CqlType.Name.INT) long count;
              @Frozen List<String> tags;
              @Embedded.Nullable(prefix = "home_") Pair home;
              @Embedded(onEmpty = Embedded.OnEmpty.USE_EMPTY) Pair work;
              @Column(value = "owner", isStatic = true) String owner;
            }
            """));
  }

  @Test
  void movesRepositoriesQueriesAndPaging() {
    rewriteRun(
        java(
            """
            import java.util.List;
            import java.util.UUID;
            import org.springframework.data.cassandra.repository.AllowFiltering;
            import org.springframework.data.cassandra.repository.CassandraRepository;
            import org.springframework.data.cassandra.repository.Query;

            interface CustomerRepository extends CassandraRepository<Object, UUID> {
              @Query("SELECT * FROM customers WHERE email = ?0 ALLOW FILTERING")
              List<Object> findByEmail(String email);

              @AllowFiltering
              List<Object> findByActive(boolean active);
            }
            """,
            """
            import java.util.List;
            import java.util.UUID;

            import io.scyllaboot.spring.repository.AllowFiltering;
            import io.scyllaboot.spring.repository.Query;
            import io.scyllaboot.spring.repository.ScyllaRepository;

            interface CustomerRepository extends ScyllaRepository<Object, UUID> {
              @Query("SELECT * FROM customers WHERE email = ?0 ALLOW FILTERING")
              List<Object> findByEmail(String email);

              @AllowFiltering
              List<Object> findByActive(boolean active);
            }
            """));
  }

  @Test
  void movesRepositoryBaseClasses() {
    rewriteRun(
        java(
            """
            import org.springframework.data.cassandra.core.CassandraOperations;
            import org.springframework.data.cassandra.repository.query.CassandraEntityInformation;
            import org.springframework.data.cassandra.repository.support.SimpleCassandraRepository;

            class AuditedRepository<T, ID> extends SimpleCassandraRepository<T, ID> {
              AuditedRepository(CassandraEntityInformation<T, ID> information, CassandraOperations operations) {
                super(information, operations);
              }
            }
            """,
            """
            import io.scyllaboot.spring.core.ScyllaOperations;
            import io.scyllaboot.spring.repository.support.ScyllaEntityInformation;
            import io.scyllaboot.spring.repository.support.SimpleScyllaRepository;

            class AuditedRepository<T, ID> extends SimpleScyllaRepository<T, ID> {
              AuditedRepository(ScyllaEntityInformation<T, ID> information, ScyllaOperations operations) {
                super(information, operations);
              }
            }
            """),
        java(
            """
            import org.springframework.data.cassandra.core.ReactiveCassandraOperations;
            import org.springframework.data.cassandra.repository.query.CassandraEntityInformation;
            import org.springframework.data.cassandra.repository.support.SimpleReactiveCassandraRepository;

            class ReactiveAuditedRepository<T, ID> extends SimpleReactiveCassandraRepository<T, ID> {
              ReactiveAuditedRepository(CassandraEntityInformation<T, ID> information, ReactiveCassandraOperations operations) {
                super(information, operations);
              }
            }
            """,
            """
            import io.scyllaboot.spring.reactive.ReactiveScyllaOperations;
            import io.scyllaboot.spring.repository.support.ScyllaEntityInformation;
            import io.scyllaboot.spring.repository.support.SimpleReactiveScyllaRepository;

            class ReactiveAuditedRepository<T, ID> extends SimpleReactiveScyllaRepository<T, ID> {
              ReactiveAuditedRepository(ScyllaEntityInformation<T, ID> information, ReactiveScyllaOperations operations) {
                super(information, operations);
              }
            }
            """));
  }

  @Test
  void movesTemplatesOptionsAndAuditing() {
    rewriteRun(
        java(
            """
            import java.time.Duration;
            import org.springframework.data.cassandra.config.EnableCassandraAuditing;
            import org.springframework.data.cassandra.core.CassandraOperations;
            import org.springframework.data.cassandra.core.InsertOptions;

            @EnableCassandraAuditing
            class Service {
              private final CassandraOperations template;

              Service(CassandraOperations template) {
                this.template = template;
              }

              void save(Object entity) {
                template.insert(entity, InsertOptions.builder().ttl(Duration.ofHours(1)).build());
              }
            }
            """,
            """
            import java.time.Duration;

            import io.scyllaboot.spring.config.EnableScyllaAuditing;
            import io.scyllaboot.spring.core.InsertOptions;
            import io.scyllaboot.spring.core.ScyllaOperations;

            @EnableScyllaAuditing
            class Service {
              private final ScyllaOperations template;

              Service(ScyllaOperations template) {
                this.template = template;
              }

              void save(Object entity) {
                template.insert(entity, InsertOptions.builder().ttl(Duration.ofHours(1)).build());
              }
            }
            """));
  }

  @Test
  void givesCallbacksTheTableNameAsAString() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.core.CqlIdentifier;
            import org.springframework.data.cassandra.core.mapping.event.BeforeConvertCallback;

            class Normalizer implements BeforeConvertCallback<StringBuilder> {
              @Override
              public StringBuilder onBeforeConvert(StringBuilder entity, CqlIdentifier tableName) {
                return entity;
              }
            }
            """,
            """
            import io.scyllaboot.spring.core.mapping.event.BeforeConvertCallback;

            class Normalizer implements BeforeConvertCallback<StringBuilder> {
              @Override
              public StringBuilder onBeforeConvert(StringBuilder entity, String tableName) {
                return entity;
              }
            }
            """));
  }

  @Test
  void marksWhatHasNoCounterpart() {
    rewriteRun(
        CompiledAfter.doesNotCompile(
            "the marked AbstractCassandraConfiguration stays until replaced by properties",
            "org.springframework.data.cassandra.config",
            "AbstractCassandraConfiguration"),
        java(
            """
            import org.springframework.data.cassandra.config.AbstractCassandraConfiguration;

            abstract class Config extends AbstractCassandraConfiguration {
            }
            """,
            """
            /*~~(Scylla Boot: no counterpart of AbstractCassandraConfiguration (configure with scylla.* properties and beans; Boot's auto-configuration stays on; see the Scylla Boot manual, Coming from Spring Data Cassandra))~~>*/import org.springframework.data.cassandra.config.AbstractCassandraConfiguration;

            abstract class Config extends /*~~(Scylla Boot: no counterpart of AbstractCassandraConfiguration (configure with scylla.* properties and beans; Boot's auto-configuration stays on; see the Scylla Boot manual, Coming from Spring Data Cassandra))~~>*/AbstractCassandraConfiguration {
            }
            """));
  }

  @Test
  void aCodecRegisteredThroughBootsBuilderCustomizerKeepsWorking() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.core.type.codec.ExtraTypeCodecs;
            import com.datastax.oss.driver.api.core.type.codec.MappingCodec;
            import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
            import com.datastax.oss.driver.api.core.type.reflect.GenericType;
            import java.time.Year;
            import org.springframework.boot.cassandra.autoconfigure.CqlSessionBuilderCustomizer;
            import org.springframework.context.annotation.Bean;
            import org.springframework.context.annotation.Configuration;

            @Configuration
            class CodecConfig {
              enum Plan { FREE, PAID }

              static class YearCodec extends MappingCodec<Integer, Year> {
                YearCodec() {
                  super(TypeCodecs.INT, GenericType.of(Year.class));
                }

                @Override
                protected Year innerToOuter(Integer value) {
                  return value == null ? null : Year.of(value);
                }

                @Override
                protected Integer outerToInner(Year value) {
                  return value == null ? null : value.getValue();
                }
              }

              @Bean
              CqlSessionBuilderCustomizer codecs() {
                return builder -> builder.addTypeCodecs(new YearCodec(), ExtraTypeCodecs.enumOrdinalsOf(Plan.class));
              }
            }
            """,
            """
            import io.scyllaboot.autoconfigure.CqlSessionBuilderCustomizer;
            import io.scyllaboot.driver.api.type.MappingCodec;

            import java.time.Year;
            import org.springframework.context.annotation.Bean;
            import org.springframework.context.annotation.Configuration;

            @Configuration
            class CodecConfig {
              enum Plan { FREE, PAID }

              static class YearCodec extends MappingCodec<Integer, Year> {
                YearCodec() {
                  super(Integer.class, Year.class);
                }

                @Override
                protected Year innerToOuter(Integer value) {
                  return value == null ? null : Year.of(value);
                }

                @Override
                protected Integer outerToInner(Year value) {
                  return value == null ? null : value.getValue();
                }
              }

              @Bean
              CqlSessionBuilderCustomizer codecs() {
                return builder -> builder.addTypeCodecs(new YearCodec(), MappingCodec.enumOrdinalsOf(Plan.class));
              }
            }
            """));
  }

  @Test
  void aLoaderCustomizersOptionsBecomeABuilderCustomizer() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
            import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
            import java.time.Duration;
            import org.springframework.boot.cassandra.autoconfigure.DriverConfigLoaderBuilderCustomizer;
            import org.springframework.context.annotation.Bean;
            import org.springframework.context.annotation.Configuration;

            @Configuration
            class DriverTuning {
              @Bean
              DriverConfigLoaderBuilderCustomizer tuning() {
                return builder ->
                    builder
                        .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(10))
                        .withString(
                            DefaultDriverOption.REQUEST_CONSISTENCY, DefaultConsistencyLevel.QUORUM.name());
              }
            }
            """,
            """
            import io.scyllaboot.autoconfigure.CqlSessionBuilderCustomizer;
            import io.scyllaboot.driver.api.ConsistencyLevel;

            import java.time.Duration;
            import org.springframework.context.annotation.Bean;
            import org.springframework.context.annotation.Configuration;

            @Configuration
            class DriverTuning {
              @Bean
              CqlSessionBuilderCustomizer tuning() {
                return builder ->
                    builder
                        .withRequestTimeout(Duration.ofSeconds(10))
                        .withConsistency(ConsistencyLevel.QUORUM);
              }
            }
            """));
  }
}
