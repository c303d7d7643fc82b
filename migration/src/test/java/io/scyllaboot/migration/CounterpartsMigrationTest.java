package io.scyllaboot.migration;

import static org.openrewrite.java.Assertions.java;
import static org.openrewrite.maven.Assertions.pomXml;

import org.junit.jupiter.api.Test;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

/**
 * Types once marked "no counterpart" that Scylla Boot now has, the types the official examples
 * import, {@code CqlIdentifier} factories and Boot 4's test module (issue 33).
 */
class CounterpartsMigrationTest implements RewriteTest {

  @Override
  public void defaults(RecipeSpec spec) {
    RecipeSpecs.migration(spec);
  }

  @Test
  void queryCriteriaAndUpdate_becomeTheProjectsQueryApi_unmarked() {
    rewriteRun(
        java(
            """
            import org.springframework.data.cassandra.core.query.Criteria;
            import org.springframework.data.cassandra.core.query.Query;
            import org.springframework.data.cassandra.core.query.Update;

            class Queries {
              Query byName(String name) {
                return Query.query(Criteria.where("name").is(name));
              }

              Update rename(String name) {
                return Update.update("name", name);
              }
            }
            """,
            """
            import io.scyllaboot.spring.core.query.Criteria;
            import io.scyllaboot.spring.core.query.Query;
            import io.scyllaboot.spring.core.query.Update;

            class Queries {
              Query byName(String name) {
                return Query.query(Criteria.where("name").is(name));
              }

              Update rename(String name) {
                return Update.update("name", name);
              }
            }
            """));
  }

  @Test
  void asyncAndAdminTemplatesAndIndexed_becomeTheProjectsCounterparts_unmarked() {
    rewriteRun(
        java(
            """
            import org.springframework.data.cassandra.core.AsyncCassandraTemplate;
            import org.springframework.data.cassandra.core.CassandraAdminOperations;
            import org.springframework.data.cassandra.core.mapping.Indexed;

            class Uses {
              AsyncCassandraTemplate async;
              CassandraAdminOperations admin;
              @Indexed String lastname;
            }
            """,
            """
            import io.scyllaboot.spring.core.AsyncScyllaTemplate;
            import io.scyllaboot.spring.core.admin.ScyllaAdminOperations;
            import io.scyllaboot.spring.mapping.Indexed;

            class Uses {
              AsyncScyllaTemplate async;
              ScyllaAdminOperations admin;
              @Indexed String lastname;
            }
            """));
  }

  @Test
  void cqlIdentifierFactories_becomeTheirString() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.core.CqlIdentifier;

            class Names {
              Object table() {
                return CqlIdentifier.fromCql("person");
              }

              String column(CqlIdentifier id) {
                return id.asCql(true) + CqlIdentifier.fromInternal("Age").asInternal();
              }
            }
            """,
            """
            class Names {
              Object table() {
                return "person";
              }

              String column(String id) {
                return id + "Age";
              }
            }
            """));
  }

  @Test
  void deleteAndConvertEvents_areTranslated_mappingConverterBeansAreMarked() {
    rewriteRun(
        CompiledAfter.doesNotCompile(
            "the marked MappingCassandraConverter bean and SchemaAction stay",
            "org.springframework.data.cassandra.config",
            "org.springframework.data.cassandra.core.convert",
            "MappingCassandraConverter",
            "SchemaAction"),
        java(
            """
            import org.springframework.context.event.EventListener;
            import org.springframework.data.cassandra.core.mapping.event.AfterConvertEvent;
            import org.springframework.data.cassandra.core.mapping.event.BeforeDeleteEvent;

            class Listener {
              @EventListener
              void beforeDelete(BeforeDeleteEvent<Object> event) {}

              @EventListener
              void afterConvert(AfterConvertEvent<Object> event) {}
            }
            """,
            """
            import io.scyllaboot.spring.core.mapping.event.AfterConvertEvent;
            import io.scyllaboot.spring.core.mapping.event.BeforeDeleteEvent;
            import org.springframework.context.event.EventListener;

            class Listener {
              @EventListener
              void beforeDelete(BeforeDeleteEvent<Object> event) {}

              @EventListener
              void afterConvert(AfterConvertEvent<Object> event) {}
            }
            """),
        java(
            """
            import org.springframework.data.cassandra.config.SchemaAction;
            import org.springframework.data.cassandra.core.convert.MappingCassandraConverter;
            import org.springframework.data.cassandra.core.mapping.CassandraMappingContext;

            class Config {
              MappingCassandraConverter converter(CassandraMappingContext mapping) {
                return new MappingCassandraConverter(mapping);
              }

              SchemaAction action() {
                return SchemaAction.RECREATE;
              }
            }
            """,
            """
            import io.scyllaboot.spring.mapping.ScyllaMappingContext;
            /*~~(Scylla Boot: no counterpart of SchemaAction (set scylla.schema-action (none, create-if-not-exists, recreate, recreate-drop-unused); see the Scylla Boot manual, Coming from Spring Data Cassandra))~~>*/import org.springframework.data.cassandra.config.SchemaAction;
            /*~~(Scylla Boot: no counterpart of MappingCassandraConverter (Scylla Boot's auto-configuration provides the ScyllaEntityConverter its auditing and templates use: delete this bean; declare custom conversions as a ScyllaCustomConversions bean; see the Scylla Boot manual, Coming from Spring Data Cassandra))~~>*/import org.springframework.data.cassandra.core.convert.MappingCassandraConverter;

            class Config {
              MappingCassandraConverter converter(ScyllaMappingContext mapping) {
                return /*~~(Scylla Boot: no counterpart of MappingCassandraConverter (Scylla Boot's auto-configuration provides the ScyllaEntityConverter its auditing and templates use: delete this bean; declare custom conversions as a ScyllaCustomConversions bean; see the Scylla Boot manual, Coming from Spring Data Cassandra))~~>*/new MappingCassandraConverter(mapping);
              }

              SchemaAction action() {
                return SchemaAction.RECREATE;
              }
            }
            """));
  }

  @Test
  void bootsDataCassandraTestModule_becomesTheProjectsTestSupport() {
    rewriteRun(
        pomXml(
            """
            <project>
              <modelVersion>4.0.0</modelVersion>
              <groupId>com.example</groupId>
              <artifactId>app</artifactId>
              <version>1</version>
              <dependencies>
                <dependency>
                  <groupId>org.springframework.boot</groupId>
                  <artifactId>spring-boot-data-cassandra-test</artifactId>
                  <version>4.0.0</version>
                  <scope>test</scope>
                  <!-- The registry here lacks the release train's POMs: resolve this one only. -->
                  <exclusions>
                    <exclusion>
                      <groupId>*</groupId>
                      <artifactId>*</artifactId>
                    </exclusion>
                  </exclusions>
                </dependency>
              </dependencies>
            </project>
            """,
            """
            <project>
              <modelVersion>4.0.0</modelVersion>
              <groupId>com.example</groupId>
              <artifactId>app</artifactId>
              <version>1</version>
              <dependencies>
                <dependency>
                  <groupId>io.scyllaboot</groupId>
                  <artifactId>scylla-boot-test</artifactId>
                  <version>0.1.0-SNAPSHOT</version>
                  <scope>test</scope>
                  <!-- The registry here lacks the release train's POMs: resolve this one only. -->
                  <exclusions>
                    <exclusion>
                      <groupId>*</groupId>
                      <artifactId>*</artifactId>
                    </exclusion>
                  </exclusions>
                </dependency>
              </dependencies>
            </project>
            """));
  }

  @Test
  void pageRequestWithAByteBufferPagingState_compilesAsTheProjectsPageRequest() {
    rewriteRun(
        java(
            """
            import java.nio.ByteBuffer;
            import org.springframework.data.cassandra.core.query.CassandraPageRequest;
            import org.springframework.data.domain.PageRequest;
            import org.springframework.data.domain.Slice;

            class Pages {
              CassandraPageRequest resume(ByteBuffer state) {
                return CassandraPageRequest.of(PageRequest.of(1, 20), state);
              }

              ByteBuffer token(Slice<String> slice) {
                return ((CassandraPageRequest) slice.nextPageable()).getPagingState();
              }
            }
            """,
            """
            import java.nio.ByteBuffer;

            import io.scyllaboot.spring.repository.CqlPageRequest;
            import org.springframework.data.domain.PageRequest;
            import org.springframework.data.domain.Slice;

            class Pages {
              CqlPageRequest resume(ByteBuffer state) {
                return CqlPageRequest.of(PageRequest.of(1, 20), state);
              }

              ByteBuffer token(Slice<String> slice) {
                return ((CqlPageRequest) slice.nextPageable()).getPagingStateAsBuffer();
              }
            }
            """));
  }
}
