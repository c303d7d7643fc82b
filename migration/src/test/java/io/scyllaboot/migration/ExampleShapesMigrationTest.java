package io.scyllaboot.migration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.openrewrite.java.Assertions.java;

import org.junit.jupiter.api.Test;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;
import org.openrewrite.test.TypeValidation;

/**
 * What spring-data-examples' cassandra/example still needed after the type changes
 * (scripts/proving-ground.sh): the query builder in tests, a nested configuration class, a UDT
 * value built from keyspace metadata. Snippets in those shapes, not the examples' code.
 */
class ExampleShapesMigrationTest implements RewriteTest {

  @Override
  public void defaults(RecipeSpec spec) {
    RecipeSpecs.migration(spec);
    // Boot's test and auto-configuration annotations (@SpringBootTest, @EnableAutoConfiguration,
    // @EntityScan) are not on this module's class path.
    spec.typeValidationOptions(TypeValidation.none())
        .afterTypeValidationOptions(TypeValidation.none());
  }

  @Test
  void queryBuilderChainsOfLiteralsBecomeCqlText() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.querybuilder.QueryBuilder;

            class Statements {
              String all() {
                return QueryBuilder.selectFrom("books").all().asCql();
              }

              String oneColumn() {
                return QueryBuilder.selectFrom("shop", "books").column("isbn").column("title").asCql();
              }

              String byKey() {
                return QueryBuilder.selectFrom("books").all()
                    .whereColumn("isbn").isEqualTo(QueryBuilder.literal("978-0")).asCql();
              }

              String byMarker() {
                return QueryBuilder.selectFrom("books").column("title")
                    .whereColumn("isbn").isEqualTo(QueryBuilder.bindMarker())
                    .whereColumn("year").isEqualTo(QueryBuilder.literal(1999)).asCql();
              }

              String insert() {
                return QueryBuilder.insertInto("books").value("isbn", QueryBuilder.literal("O'Neil"))
                    .value("pages", QueryBuilder.literal(42L)).ifNotExists().asCql();
              }

              String delete() {
                return QueryBuilder.deleteFrom("books").whereColumn("isbn").isEqualTo(QueryBuilder.bindMarker("k")).asCql();
              }

              String truncate() {
                return QueryBuilder.truncate("books").asCql();
              }
            }
            """,
            """
            class Statements {
              String all() {
                return "SELECT * FROM books";
              }

              String oneColumn() {
                return "SELECT isbn,title FROM shop.books";
              }

              String byKey() {
                return "SELECT * FROM books WHERE isbn='978-0'";
              }

              String byMarker() {
                return "SELECT title FROM books WHERE isbn=? AND year=1999";
              }

              String insert() {
                return "INSERT INTO books (isbn,pages) VALUES ('O''Neil',42) IF NOT EXISTS";
              }

              String delete() {
                return "DELETE FROM books WHERE isbn=:k";
              }

              String truncate() {
                return "TRUNCATE books";
              }
            }
            """));
  }

  @Test
  void aQueryBuilderStatementKeptInAVariableBecomesItsText() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.querybuilder.QueryBuilder;

            class Insert {
              String cql() {
                var insert = QueryBuilder.insertInto("books")
                    .value("isbn", QueryBuilder.literal("1")) //
                    .value("title", QueryBuilder.literal("Dune")); //
                return insert.asCql();
              }
            }
            """,
            """
            class Insert {
              String cql() {
                var insert = "INSERT INTO books (isbn,title) VALUES ('1','Dune')"; //
                return insert;
              }
            }
            """));
  }

  @Test
  void aChainWithAVariableIsLeftMarked() {
    rewriteRun(
        spec ->
            CompiledAfter.doesNotCompile(
                    "the marked query builder chain stays",
                    "com.datastax.oss.driver.api.querybuilder",
                    "QueryBuilder")
                .accept(spec.expectedCyclesThatMakeChanges(1)),
        java(
            """
            import com.datastax.oss.driver.api.querybuilder.QueryBuilder;

            class ByVariable {
              String cql(String isbn) {
                return QueryBuilder.selectFrom("books").all()
                    .whereColumn("isbn").isEqualTo(QueryBuilder.literal(isbn)).asCql();
              }
            }
            """,
            source ->
                source.after(
                    after -> {
                      assertThat(after).contains("Scylla Boot: no counterpart of QueryBuilder");
                      return after;
                    })));
  }

  @Test
  void udtValueBuiltFromMetadataAndSettersBecomesOneValue() {
    rewriteRun(
        java(
            """
            import org.springframework.data.cassandra.core.CassandraAdminOperations;

            class Values {
              Object address(CassandraAdminOperations admin) {
                var keyspace = admin.getKeyspaceMetadata();
                var type = keyspace.getUserDefinedType("address").get();
                var value = type.newValue();
                value.setString("street", "1 Main St");
                value.setInt("number", 1);
                return value;
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.metadata.KeyspaceMetadata;
            import io.scyllaboot.driver.api.metadata.UserTypeMetadata;
            import io.scyllaboot.driver.api.type.UdtValue;
            import io.scyllaboot.spring.core.admin.ScyllaAdminOperations;

            import java.util.Map;

            class Values {
              Object address(ScyllaAdminOperations admin) {
                var keyspace = admin.getKeyspaceMetadata();
                var type = keyspace.userType("address").get();
                var value = UdtValue.of(Map.of("street", "1 Main St", "number", 1));
                return value;
              }
            }
            """));
  }

  @Test
  void aNestedConfigurationClassBecomesAutoConfigurationAndTestProperties() {
    rewriteRun(
        java(
            """
            import org.springframework.boot.test.context.SpringBootTest;
            import org.springframework.context.annotation.Configuration;
            import org.springframework.data.cassandra.config.AbstractCassandraConfiguration;
            import org.springframework.data.cassandra.config.SchemaAction;

            @SpringBootTest
            class StoreTest {

              @Configuration
              static class Config extends AbstractCassandraConfiguration {

                @Override
                protected int getPort() {
                  return Integer.getInteger("spring.cassandra.port");
                }

                @Override
                protected String getContactPoints() {
                  return System.getProperty("spring.cassandra.contact-points");
                }

                @Override
                public String getKeyspaceName() {
                  return "shop";
                }

                @Override
                protected String getLocalDataCenter() {
                  return "dc1";
                }

                @Override
                public String[] getEntityBasePackages() {
                  return new String[] { StoreTest.class.getPackage().getName() };
                }

                @Override
                public SchemaAction getSchemaAction() {
                  return SchemaAction.RECREATE;
                }
              }
            }
            """,
            """
            import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
            import org.springframework.boot.persistence.autoconfigure.EntityScan;
            import org.springframework.boot.test.context.SpringBootTest;
            import org.springframework.context.annotation.Configuration;

            @SpringBootTest(properties = {"scylla.keyspace=shop", "scylla.local-datacenter=dc1", "scylla.schema-action=recreate"})
            class StoreTest {

              @Configuration
              @EnableAutoConfiguration
              @EntityScan(basePackageClasses = StoreTest.class)
              static class Config {
              }
            }
            """));
  }

  @Test
  void aConfigurationClassWithOtherOverridesIsLeftMarked() {
    rewriteRun(
        spec ->
            CompiledAfter.doesNotCompile(
                    "the marked configuration class stays (its @Override methods then override nothing)",
                    "org.springframework.data.cassandra.config",
                    "AbstractCassandraConfiguration",
                    "does not override or implement a method from a supertype")
                .accept(spec.expectedCyclesThatMakeChanges(1)),
        java(
            """
            import org.springframework.boot.test.context.SpringBootTest;
            import org.springframework.context.annotation.Configuration;
            import org.springframework.data.cassandra.config.AbstractCassandraConfiguration;

            @SpringBootTest
            class OtherTest {

              @Configuration
              static class Config extends AbstractCassandraConfiguration {

                @Override
                public String getKeyspaceName() {
                  return "shop";
                }

                @Override
                protected int getPort() {
                  return Integer.parseInt("9042") + 1;
                }
              }
            }
            """,
            source ->
                source.after(
                    after -> {
                      assertThat(after)
                          .contains("Scylla Boot: no counterpart of AbstractCassandraConfiguration")
                          .contains("getKeyspaceName");
                      return after;
                    })));
  }

  @Test
  void aConfigurationClassWhoseBeanCallsAnInheritedSettingIsLeftMarked() {
    rewriteRun(
        spec ->
            CompiledAfter.doesNotCompile(
                    "the marked configuration class stays (its @Override methods then override nothing)",
                    "org.springframework.data.cassandra.config",
                    "AbstractCassandraConfiguration",
                    "does not override or implement a method from a supertype")
                .accept(spec.expectedCyclesThatMakeChanges(1)),
        java(
            """
            import org.springframework.boot.test.context.SpringBootTest;
            import org.springframework.context.annotation.Bean;
            import org.springframework.context.annotation.Configuration;
            import org.springframework.data.cassandra.config.AbstractCassandraConfiguration;

            @SpringBootTest
            class BeanTest {

              @Configuration
              static class Config extends AbstractCassandraConfiguration {

                @Override
                public String getKeyspaceName() {
                  return "shop";
                }

                @Bean
                String keyspaceLabel() {
                  return "keyspace " + getKeyspaceName();
                }
              }
            }
            """,
            source ->
                source.after(
                    after -> {
                      assertThat(after)
                          .contains("Scylla Boot: no counterpart of AbstractCassandraConfiguration")
                          .contains("public String getKeyspaceName()");
                      return after;
                    })));
  }
}
