package io.scyllaboot.migration;

import static org.openrewrite.java.Assertions.java;

import org.junit.jupiter.api.Test;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

/**
 * Spring Data Cassandra types whose counterparts Scylla Boot has but the recipe left untouched,
 * found by {@link RecipeCompletenessTest} (issue 33 item 4): query options, vector and SAI mapping,
 * session callbacks with their {@code execute} overloads, the fluent API's nested types, naming
 * strategies and the exception translator.
 */
class UnusedCounterpartsMigrationTest implements RewriteTest {

  @Override
  public void defaults(RecipeSpec spec) {
    RecipeSpecs.migration(spec);
  }

  @Test
  void queryOptionsVectorAndSaiMapping_becomeTheProjectsTypes() {
    rewriteRun(
        java(
            """
            import org.springframework.data.cassandra.core.cql.QueryOptions;
            import org.springframework.data.cassandra.core.mapping.SaiIndexed;
            import org.springframework.data.cassandra.core.mapping.VectorType;

            class Comment {
              @SaiIndexed String language;
              @VectorType(dimensions = 5) float[] embedding;

              static QueryOptions fast() {
                return QueryOptions.builder().pageSize(10).tracing(false).build();
              }
            }
            """,
            """
            import io.scyllaboot.spring.core.QueryOptions;
            import io.scyllaboot.spring.mapping.SaiIndexed;
            import io.scyllaboot.spring.mapping.VectorType;

            class Comment {
              @SaiIndexed String language;
              @VectorType(dimensions = 5) float[] embedding;

              static QueryOptions fast() {
                return QueryOptions.builder().pageSize(10).tracing(false).build();
              }
            }
            """));
  }

  @Test
  void sessionCallbacks_runThroughExecuteInSession() {
    rewriteRun(
        java(
            """
            import org.springframework.data.cassandra.core.cql.CqlOperations;
            import org.springframework.data.cassandra.core.cql.SessionCallback;

            class Callbacks {
              long count(CqlOperations cql) {
                SessionCallback<Long> callback =
                    session -> session.execute("SELECT COUNT(*) FROM t").one().getLong(0);
                return cql.execute(callback);
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.session.SessionCallback;
            import io.scyllaboot.spring.cql.CqlOperations;

            class Callbacks {
              long count(CqlOperations cql) {
                SessionCallback<Long> callback =
                    session -> session.execute("SELECT COUNT(*) FROM t").one().getLong(0);
                return cql.executeInSession(callback);
              }
            }
            """));
  }

  @Test
  void fluentNestedTypesNamingAndTranslator_becomeTheProjectsTypes() {
    rewriteRun(
        java(
            """
            import org.springframework.data.cassandra.core.ExecutableSelectOperation;
            import org.springframework.data.cassandra.core.cql.CassandraExceptionTranslator;
            import org.springframework.data.cassandra.core.mapping.NamingStrategy;

            class Fluent {
              ExecutableSelectOperation.ExecutableSelect<String> select;
              NamingStrategy naming = NamingStrategy.SNAKE_CASE;
              CassandraExceptionTranslator translator = new CassandraExceptionTranslator();
            }
            """,
            """
            import io.scyllaboot.spring.core.ExecutableSelect;
            import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
            import io.scyllaboot.spring.mapping.NamingStrategy;

            class Fluent {
              ExecutableSelect<String> select;
              NamingStrategy naming = NamingStrategy.SNAKE_CASE;
              ScyllaExceptionTranslator translator = new ScyllaExceptionTranslator();
            }
            """));
  }

  @Test
  void anImportTheRecipeDoesNotKnow_isMarked_andTranslatedOnesAreNot() {
    rewriteRun(
        CompiledAfter.doesNotCompile(
            "the import the recipe does not know stays, marked",
            "org.springframework.data.cassandra.core.convert",
            "CassandraConverter"),
        java(
            """
            import java.util.List;
            import org.springframework.data.cassandra.core.CassandraTemplate;
            import org.springframework.data.cassandra.core.convert.CassandraConverter;

            class Unknown {
              CassandraTemplate template;
              CassandraConverter converter;
              List<String> names;
            }
            """,
            """
            import java.util.List;

            import io.scyllaboot.spring.core.ScyllaTemplate;
            /*~~(Scylla Boot: this recipe does not know org.springframework.data.cassandra.core.convert.CassandraConverter (no translation, no mark; see the Scylla Boot manual, Coming from Spring Data Cassandra, "What the recipe does not know"))~~>*/import org.springframework.data.cassandra.core.convert.CassandraConverter;

            class Unknown {
              ScyllaTemplate template;
              CassandraConverter converter;
              List<String> names;
            }
            """));
  }

  @Test
  void springDataCassandrasExceptions_becomeTheSpringTypesTheyExtend_whichScyllaBootThrows() {
    // spring-guides/gs-accessing-data-cassandra's test; a read timeout caught as the demo apps do.
    rewriteRun(
        java(
            """
            import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

            import org.springframework.data.cassandra.CassandraInvalidQueryException;
            import org.springframework.data.cassandra.CassandraReadTimeoutException;

            class Vets {
              void refused(Runnable query) {
                assertThatExceptionOfType(CassandraInvalidQueryException.class).isThrownBy(query::run);
              }

              boolean timedOut(Runnable query) {
                try {
                  query.run();
                  return false;
                } catch (CassandraReadTimeoutException e) {
                  return true;
                }
              }
            }
            """,
            """
            import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

            import org.springframework.dao.InvalidDataAccessApiUsageException;
            import org.springframework.dao.QueryTimeoutException;

            class Vets {
              void refused(Runnable query) {
                assertThatExceptionOfType(InvalidDataAccessApiUsageException.class).isThrownBy(query::run);
              }

              boolean timedOut(Runnable query) {
                try {
                  query.run();
                  return false;
                } catch (QueryTimeoutException e) {
                  return true;
                }
              }
            }
            """));
  }
}
