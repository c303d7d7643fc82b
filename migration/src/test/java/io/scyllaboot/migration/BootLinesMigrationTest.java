package io.scyllaboot.migration;

import static org.openrewrite.maven.Assertions.pomXml;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

/**
 * The recipe on an application of either supported Spring Boot line (4.0 and 4.1, whose Cassandra
 * modules have the same names): the starter and Boot 4's test module, their versions managed by the
 * Boot parent, become Scylla Boot's starter and test support.
 */
class BootLinesMigrationTest implements RewriteTest {

  @Override
  public void defaults(RecipeSpec spec) {
    RecipeSpecs.migration(spec);
  }

  @ParameterizedTest
  @ValueSource(strings = {"4.0.7", "4.1.2"})
  void starterAndTestModule_ofABootParentApplication_becomeScyllaBoots(String boot) {
    rewriteRun(
        pomXml(
            """
            <project>
              <modelVersion>4.0.0</modelVersion>
              <parent>
                <groupId>org.springframework.boot</groupId>
                <artifactId>spring-boot-starter-parent</artifactId>
                <version>%s</version>
              </parent>
              <groupId>com.example</groupId>
              <artifactId>app</artifactId>
              <version>1</version>
              <dependencies>
                <dependency>
                  <groupId>org.springframework.boot</groupId>
                  <artifactId>spring-boot-starter-data-cassandra</artifactId>
                </dependency>
                <dependency>
                  <groupId>org.springframework.boot</groupId>
                  <artifactId>spring-boot-data-cassandra-test</artifactId>
                  <scope>test</scope>
                </dependency>
              </dependencies>
            </project>
            """
                .formatted(boot),
            """
            <project>
              <modelVersion>4.0.0</modelVersion>
              <parent>
                <groupId>org.springframework.boot</groupId>
                <artifactId>spring-boot-starter-parent</artifactId>
                <version>%s</version>
              </parent>
              <groupId>com.example</groupId>
              <artifactId>app</artifactId>
              <version>1</version>
              <dependencies>
                <dependency>
                  <groupId>io.scyllaboot</groupId>
                  <artifactId>scylla-boot-starter</artifactId>
                  <version>0.1.0-SNAPSHOT</version>
                </dependency>
                <dependency>
                  <groupId>io.scyllaboot</groupId>
                  <artifactId>scylla-boot-test</artifactId>
                  <scope>test</scope>
                  <version>0.1.0-SNAPSHOT</version>
                </dependency>
              </dependencies>
            </project>
            """
                .formatted(boot)));
  }
}
