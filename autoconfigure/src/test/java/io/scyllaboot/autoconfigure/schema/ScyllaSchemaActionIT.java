package io.scyllaboot.autoconfigure.schema;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.autoconfigure.ScyllaAutoConfiguration;
import io.scyllaboot.autoconfigure.data.ScyllaDataAutoConfiguration;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.repository.config.EnableScyllaRepositories;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.persistence.autoconfigure.EntityScan;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

/**
 * {@code scylla.schema-action} RECREATE and RECREATE_DROP_UNUSED against the node: entity tables
 * and types are dropped and re-created (their data and any column added since are gone), a table no
 * entity maps survives RECREATE and is dropped by RECREATE_DROP_UNUSED.
 */
@ExtendWith(CassandraNodeExtension.class)
class ScyllaSchemaActionIT {
  /** A keyspace per test: each test starts from its own seed. */
  private final String keyspace = CassandraNode.uniqueKeyspace("recreate");

  @Configuration(proxyBeanMethods = false)
  @EnableScyllaRepositories(basePackageClasses = GadgetRepository.class)
  static class Repositories {}

  /** The entities as an application's package scan finds them: the schema action's own set. */
  @Configuration(proxyBeanMethods = false)
  @EntityScan(basePackageClasses = Gadget.class)
  static class ScannedEntities {}

  private static final UUID SEEDED = UUID.fromString("5b0e7a3c-0d8e-4a5e-9d1f-2a7c3e4b5f60");

  @BeforeAll
  static void node() {
    CassandraNode.ensureRunning();
  }

  @AfterEach
  void dropKeyspace() {
    try (CqlSession admin = admin()) {
      admin.execute("DROP keyspace IF EXISTS " + keyspace).close();
    }
  }

  private static CqlSession admin() {
    return CqlSession.builder()
        .addContactPoint(CassandraNode.address())
        .withRequestTimeout(Duration.ofSeconds(30))
        .build();
  }

  private ApplicationContextRunner app(String action) {
    return new ApplicationContextRunner()
        .withConfiguration(
            AutoConfigurations.of(ScyllaAutoConfiguration.class, ScyllaDataAutoConfiguration.class))
        .withUserConfiguration(Repositories.class)
        .withPropertyValues(
            "scylla.contact-points=" + CassandraNode.HOST + ":" + CassandraNode.PORT,
            "scylla.keyspace=" + keyspace,
            "scylla.request.timeout=30s",
            // The node is shared and schema changes are slow on it: no start-up race.
            "scylla.connection.connect-timeout=30s",
            "scylla.schema-action=" + action,
            "scylla.keyspace-replication={'class': 'SimpleStrategy', 'replication_factor': 1}");
  }

  private List<String> columns(CqlSession admin, String table) {
    List<String> names = new ArrayList<>();
    try (ResultSet rows =
        admin.execute(
            "SELECT column_name FROM system_schema.columns"
                + " WHERE keyspace_name = ? AND table_name = ?",
            keyspace,
            table)) {
      for (Row row : rows) {
        names.add(row.getString(0));
      }
    }
    return names;
  }

  private List<String> typeFields(CqlSession admin) {
    try (ResultSet rows =
        admin.execute(
            "SELECT field_names FROM system_schema.types WHERE keyspace_name = ? AND type_name = ?",
            keyspace,
            "size")) {
      Row row = rows.one();
      return row == null ? List.of() : row.getList(0, String.class);
    }
  }

  private boolean tableExists(CqlSession admin, String table) {
    return !columns(admin, table).isEmpty();
  }

  /** Starts with create-if-not-exists, saves a gadget, then alters its schema behind its back. */
  private UUID seed() {
    UUID id = UUID.randomUUID();
    app("create-if-not-exists")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              context
                  .getBean(GadgetRepository.class)
                  .save(new Gadget(id, "lamp", new Gadget.Size(3, 4)));
              assertThat(context.getBean(GadgetRepository.class).findById(id)).isPresent();
            });
    try (CqlSession admin = admin()) {
      admin.execute("ALTER TABLE " + keyspace + ".gadgets ADD stale_column text").close();
      admin.execute("ALTER TYPE " + keyspace + ".size ADD stale_field text").close();
      admin
          .execute("CREATE TABLE IF NOT EXISTS " + keyspace + ".unmapped (k int PRIMARY KEY)")
          .close();
      admin.execute("INSERT INTO " + keyspace + ".unmapped (k) VALUES (1)").close();
      assertThat(columns(admin, "gadgets")).contains("stale_column");
      assertThat(typeFields(admin)).contains("stale_field");
    }
    return id;
  }

  @Test
  void recreate_should_drop_and_recreate_entity_tables_and_types_and_keep_other_tables() {
    UUID id = seed();
    app("recreate")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              GadgetRepository gadgets = context.getBean(GadgetRepository.class);
              assertThat(gadgets.findById(id)).isEmpty();
              gadgets.save(new Gadget(id, "desk", new Gadget.Size(1, 2)));
              assertThat(gadgets.findById(id)).get().extracting(Gadget::name).isEqualTo("desk");
            });
    try (CqlSession admin = admin()) {
      assertThat(columns(admin, "gadgets")).doesNotContain("stale_column");
      assertThat(typeFields(admin)).containsExactly("width", "height");
      assertThat(tableExists(admin, "unmapped")).isTrue();
      try (ResultSet rows = admin.execute("SELECT k FROM " + keyspace + ".unmapped")) {
        assertThat(rows.one()).isNotNull();
      }
    }
  }

  @Test
  void recreate_should_run_before_the_schema_scripts_so_that_their_seed_rows_survive() {
    UUID id = seed();
    app("recreate")
        .withUserConfiguration(ScannedEntities.class)
        .withPropertyValues("scylla.schema-scripts=classpath:schema-scripts/gadgets-seed.cql")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              GadgetRepository gadgets = context.getBean(GadgetRepository.class);
              assertThat(gadgets.findById(id)).as("dropped by the schema action").isEmpty();
              assertThat(gadgets.findById(SEEDED))
                  .as("inserted by the script after the schema action")
                  .get()
                  .extracting(Gadget::name)
                  .isEqualTo("seeded");
            });
    try (CqlSession admin = admin()) {
      assertThat(columns(admin, "gadgets")).doesNotContain("stale_column");
    }
  }

  @Test
  void recreate_drop_unused_should_drop_every_other_table_and_type_before_the_scripts_run() {
    UUID id = seed();
    try (CqlSession admin = admin()) {
      // Types that use each other: the outer one must go first.
      admin.execute("CREATE TYPE " + keyspace + ".inner_part (v int)").close();
      admin.execute("CREATE TYPE " + keyspace + ".outer_part (i frozen<inner_part>)").close();
      admin
          .execute("CREATE TABLE " + keyspace + ".parts (k int PRIMARY KEY, p frozen<outer_part>)")
          .close();
    }
    app("RECREATE_DROP_UNUSED")
        .withPropertyValues("scylla.schema-scripts=classpath:schema-scripts/more.cql")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean(GadgetRepository.class).findById(id)).isEmpty();
            });
    try (CqlSession admin = admin()) {
      assertThat(tableExists(admin, "unmapped")).isFalse();
      assertThat(tableExists(admin, "parts")).isFalse();
      assertThat(tableExists(admin, "script_roles")).as("created by the script").isTrue();
      assertThat(columns(admin, "gadgets")).containsExactlyInAnyOrder("id", "name", "size");
      assertThat(typeFields(admin)).containsExactly("width", "height");
      try (ResultSet rows =
          admin.execute(
              "SELECT type_name FROM system_schema.types WHERE keyspace_name = ?", keyspace)) {
        assertThat(rows.one().getString(0)).isEqualTo("size");
        assertThat(rows.one()).as("only the entity's type is left").isNull();
      }
    }
  }
}
