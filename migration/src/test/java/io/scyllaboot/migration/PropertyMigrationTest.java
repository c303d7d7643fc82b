package io.scyllaboot.migration;

import static org.openrewrite.properties.Assertions.properties;
import static org.openrewrite.yaml.Assertions.yaml;

import org.junit.jupiter.api.Test;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

class PropertyMigrationTest implements RewriteTest {

  @Override
  public void defaults(RecipeSpec spec) {
    RecipeSpecs.migration(spec);
  }

  @Test
  void renamesTheKeysAndKeepsSpringDataCassandraNamingAndZone() {
    rewriteRun(
        properties(
            """
            spring.application.name=shop
            spring.cassandra.keyspace-name=shop_app
            spring.cassandra.contact-points=127.0.0.1:9042
            spring.cassandra.local-datacenter=datacenter1
            spring.cassandra.schema-action=create-if-not-exists
            spring.cassandra.request.timeout=10s
            spring.data.cassandra.repositories.type=reactive
            """,
            """
            spring.application.name=shop
            scylla.keyspace=shop_app
            scylla.contact-points=127.0.0.1:9042
            scylla.local-datacenter=datacenter1
            scylla.schema-action=create-if-not-exists
            scylla.request.timeout=10s
            scylla.repositories.type=reactive
            scylla.mapping.naming-strategy=as-written-lower-case
            scylla.mapping.local-date-time-zone=system
            """,
            spec -> spec.path("src/main/resources/application.properties")));
  }

  @Test
  void commentsOutKeysWithoutACounterpart() {
    rewriteRun(
        properties(
            """
            spring.cassandra.keyspace-name=shop_app
            spring.cassandra.config=classpath:driver.conf
            """,
            """
            scylla.keyspace=shop_app
            # Scylla Boot: spring.cassandra.config has no counterpart (Scylla Boot has no driver configuration file; set the scylla.* properties instead; see the Scylla Boot manual, Coming from Spring Data Cassandra)
            # spring.cassandra.config=classpath:driver.conf
            scylla.mapping.naming-strategy=as-written-lower-case
            scylla.mapping.local-date-time-zone=system
            """,
            spec -> spec.path("src/test/resources/application-test.properties")));
  }

  @Test
  void leavesOtherPropertiesFilesAlone() {
    rewriteRun(
        properties(
            """
            greeting=hello
            """,
            spec -> spec.path("src/main/resources/messages.properties")));
  }

  @Test
  void renamesYamlKeys() {
    rewriteRun(
        yaml(
            """
            spring:
              application:
                name: shop
              cassandra:
                keyspace-name: shop_app
                contact-points: 127.0.0.1:9042
                request:
                  timeout: 10s
            """,
            """
            spring:
              application:
                name: shop
            scylla:
              keyspace: shop_app
              contact-points: 127.0.0.1:9042
              request:
                timeout: 10s
              mapping:
                naming-strategy: as-written-lower-case
                local-date-time-zone: system
            """,
            spec -> spec.path("src/main/resources/application.yml")));
  }
}
