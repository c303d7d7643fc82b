package io.scyllaboot.readme.quickstart;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

/**
 * The README's Spring Boot quick start, as printed (its properties from
 * readme-quickstart.properties, its classes from this package), against the real node.
 */
@ExtendWith(CassandraNodeExtension.class)
@SpringBootTest(classes = ReadmeQuickstartIT.Application.class)
@TestPropertySource(
    locations = "classpath:readme-quickstart.properties",
    properties = "scylla.request.timeout=20s") // DDL on a loaded machine; not in the quick start
class ReadmeQuickstartIT {

  @SpringBootApplication
  static class Application {}

  @DynamicPropertySource
  static void node(DynamicPropertyRegistry registry) {
    // The node the tests use (127.0.0.1:9042 unless told otherwise), as the README's default.
    registry.add("scylla.contact-points", () -> CassandraNode.HOST + ":" + CassandraNode.PORT);
  }

  @Autowired Catalog catalog;
  @Autowired ItemRepository items;

  @Test
  void should_save_through_the_repository_and_read_through_the_template() {
    String id = "quickstart-" + UUID.randomUUID();
    assertThat(catalog.addAndPrice(id, "lamp", 42)).isEqualTo(42);
    assertThat(items.findById(id)).contains(new Item(id, "lamp", 42));
  }
}
