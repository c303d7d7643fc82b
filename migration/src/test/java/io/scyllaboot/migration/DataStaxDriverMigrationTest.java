package io.scyllaboot.migration;

import static org.openrewrite.java.Assertions.java;

import org.junit.jupiter.api.Test;
import org.openrewrite.java.JavaParser;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

/**
 * The DataStax driver 4.x API's calls, as the Apache driver's examples and applications use them.
 */
class DataStaxDriverMigrationTest implements RewriteTest {

  @Override
  public void defaults(RecipeSpec spec) {
    spec.recipeFromResources("io.scyllaboot.migration.DataStaxDriverToScyllaBoot")
        .parser(JavaParser.fromJavaVersion().classpath(JavaParser.runtimeClasspath()));
  }

  @Test
  void simpleStatementFactoryAndSettersBecomeOfAndWithers() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.core.ConsistencyLevel;
            import com.datastax.oss.driver.api.core.cql.SimpleStatement;
            import java.time.Duration;

            class Queries {
              SimpleStatement byId(int id) {
                return SimpleStatement.newInstance("SELECT * FROM t WHERE id = ?", id)
                    .setPageSize(100)
                    .setConsistencyLevel(ConsistencyLevel.QUORUM)
                    .setIdempotent(true)
                    .setTimeout(Duration.ofSeconds(2))
                    .setTracing(true);
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.ConsistencyLevel;
            import io.scyllaboot.driver.api.cql.SimpleStatement;

            import java.time.Duration;

            class Queries {
              SimpleStatement byId(int id) {
                return SimpleStatement.of("SELECT * FROM t WHERE id = ?", id)
                    .withPageSize(100)
                    .withConsistency(ConsistencyLevel.QUORUM)
                    .withIdempotent(true)
                    .withTimeout(Duration.ofSeconds(2))
                    .withTracing(true);
              }
            }
            """));
  }
}
