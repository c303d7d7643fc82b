package io.scyllaboot.migration;

import static org.openrewrite.java.Assertions.java;

import org.junit.jupiter.api.Test;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

/**
 * What spring-data-examples' cassandra/example and cassandra/reactive needed beyond the type
 * changes (scripts/proving-ground.sh), each in the shape those applications write it.
 */
class ProvingGroundMigrationTest implements RewriteTest {

  @Override
  public void defaults(RecipeSpec spec) {
    RecipeSpecs.migration(spec);
  }

  @Test
  void deletesTheConverterBeanAuditingNeededAndItsImports() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.core.CqlSession;
            import org.springframework.context.annotation.Bean;
            import org.springframework.context.annotation.Configuration;
            import org.springframework.data.cassandra.config.EnableCassandraAuditing;
            import org.springframework.data.cassandra.core.convert.CassandraCustomConversions;
            import org.springframework.data.cassandra.core.convert.MappingCassandraConverter;
            import org.springframework.data.cassandra.core.mapping.CassandraMappingContext;
            import org.springframework.data.cassandra.core.mapping.SimpleUserTypeResolver;

            @Configuration
            @EnableCassandraAuditing
            class AuditConfig {
              @Bean
              public MappingCassandraConverter cassandraConverter(CassandraMappingContext mapping,
                  CassandraCustomConversions conversions, CqlSession session) {
                var converter = new MappingCassandraConverter(mapping);
                converter.setCodecRegistry(session.getContext().getCodecRegistry());
                converter.setCustomConversions(conversions);
                converter.setUserTypeResolver(new SimpleUserTypeResolver(session));
                return converter;
              }
            }
            """,
            """
            import io.scyllaboot.spring.config.EnableScyllaAuditing;
            import org.springframework.context.annotation.Configuration;

            @Configuration
            @EnableScyllaAuditing
            class AuditConfig {
            }
            """));
  }

  @Test
  void keepsAndMarksAConverterBeanThatDoesMore() {
    rewriteRun(
        CompiledAfter.doesNotCompile(
                "the marked MappingCassandraConverter bean stays: it does more than auditing needs",
                "org.springframework.data.cassandra.core.convert",
                "MappingCassandraConverter")
            .andThen(spec -> spec.expectedCyclesThatMakeChanges(1)),
        java(
            """
            import org.springframework.context.annotation.Bean;
            import org.springframework.data.cassandra.core.convert.MappingCassandraConverter;
            import org.springframework.data.cassandra.core.mapping.CassandraMappingContext;

            class Config {
              @Bean
              MappingCassandraConverter converter(CassandraMappingContext mapping) {
                var converter = new MappingCassandraConverter(mapping);
                System.out.println(converter);
                return converter;
              }
            }
            """,
            source ->
                source.after(
                    after -> {
                      org.assertj.core.api.Assertions.assertThat(after)
                          .contains("/*~~(Scylla Boot: no counterpart of MappingCassandraConverter")
                          .contains("System.out.println(converter);");
                      return after;
                    })));
  }

  @Test
  void aSubclassOfAbstractCassandraEventListenerKeepsItsMethods() {
    rewriteRun(
        java(
            """
            import org.springframework.data.cassandra.core.mapping.event.AbstractCassandraEventListener;
            import org.springframework.data.cassandra.core.mapping.event.AfterLoadEvent;
            import org.springframework.data.cassandra.core.mapping.event.BeforeSaveEvent;

            class LoggingListener extends AbstractCassandraEventListener<Object> {
              @Override
              public void onBeforeSave(BeforeSaveEvent<Object> event) {
                System.out.println(event.getSource() + " " + event.getStatement());
              }

              @Override
              public void onAfterLoad(AfterLoadEvent<Object> event) {
                System.out.println(event.getType());
              }
            }
            """,
            """
            import io.scyllaboot.spring.core.mapping.event.AbstractScyllaEventListener;
            import io.scyllaboot.spring.core.mapping.event.AfterLoadEvent;
            import io.scyllaboot.spring.core.mapping.event.BeforeSaveEvent;

            class LoggingListener extends AbstractScyllaEventListener<Object> {
              @Override
              public void onBeforeSave(BeforeSaveEvent<Object> event) {
                System.out.println(event.getSource() + " " + event.getStatement());
              }

              @Override
              public void onAfterLoad(AfterLoadEvent<Object> event) {
                System.out.println(event.getType());
              }
            }
            """));
  }

  @Test
  void renamesKeysSetFromCode() {
    rewriteRun(
        java(
            """
            class NodeSetup {
              void point(String host, int port) {
                System.setProperty("spring.cassandra.contact-points", host);
                System.setProperty("spring.cassandra.port", "" + port);
                System.setProperty("spring.cassandra.keyspace-name", "example");
                System.setProperty("spring.data.cassandra.repositories.type", "none");
                System.setProperty("spring.cassandra.config", "driver.conf");
              }

              static final String[] PROPERTIES = {"spring.cassandra.local-datacenter=dc1", "other=1"};
            }
            """,
            """
            class NodeSetup {
              void point(String host, int port) {
                System.setProperty("scylla.contact-points", host);
                System.setProperty("scylla.port", "" + port);
                System.setProperty("scylla.keyspace", "example");
                System.setProperty("scylla.repositories.type", "none");
                System.setProperty("spring.cassandra.config", "driver.conf");
              }

              static final String[] PROPERTIES = {"scylla.local-datacenter=dc1", "other=1"};
            }
            """));
  }
}
