package io.scyllaboot.spring.core.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.metadata.ColumnMetadata;
import io.scyllaboot.driver.api.metadata.ColumnMetadata.ClusteringOrder;
import io.scyllaboot.driver.api.metadata.ColumnMetadata.Kind;
import io.scyllaboot.driver.api.metadata.KeyspaceMetadata;
import io.scyllaboot.driver.api.metadata.TableMetadata;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.spring.cql.ScyllaSchemaElementExistsException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Create, alter, read and drop keyspaces and tables on the real node through the admin template.
 */
class ScyllaAdminTemplateIT {
  private static final String KEYSPACE = CassandraNode.uniqueKeyspace("admin");
  private static CqlSession session;
  private static ScyllaAdminTemplate admin;

  @BeforeAll
  static void open() {
    CassandraNode.ensureRunning();
    session = CassandraNode.openSession();
    admin = new ScyllaAdminTemplate(session);
    admin.createKeyspace(KeyspaceSpec.named(KEYSPACE).durableWrites(false));
  }

  @AfterAll
  static void close() {
    if (session != null) {
      admin.dropKeyspace(KEYSPACE);
      session.close();
    }
  }

  @Test
  void should_create_and_alter_a_keyspace_and_read_it_back_from_the_server() {
    KeyspaceMetadata keyspace = admin.getKeyspaceMetadata(KEYSPACE).orElseThrow();
    assertThat(keyspace.durableWrites()).isFalse();
    assertThat(keyspace.replication()).containsEntry("replication_factor", "1");

    admin.alterKeyspace(KeyspaceSpec.named(KEYSPACE).durableWrites(true));
    assertThat(admin.getKeyspaceMetadata(KEYSPACE).orElseThrow().durableWrites()).isTrue();
    assertThat(admin.getKeyspaceMetadata("no_such_keyspace")).isEmpty();
    assertThat(admin.getTables("no_such_keyspace")).isEmpty();
  }

  @Test
  void should_create_alter_and_drop_a_table_seen_by_the_metadata_at_each_step() {
    admin.createTable(
        TableSpec.named(KEYSPACE, "orders")
            .partitionKey("customer", "uuid")
            .partitionKey("day", "date")
            .clusteringColumn("placedAt", "timestamp", ClusteringOrder.DESC)
            .staticColumn("name", "text")
            .column("total", "decimal")
            .option("comment", "admin's table")
            .option("default_time_to_live", 120));
    TableMetadata table = admin.getTableMetadata(KEYSPACE, "orders").orElseThrow();
    assertThat(table.partitionKey())
        .extracting(ColumnMetadata::name)
        .containsExactly("customer", "day");
    assertThat(table.clusteringColumns().get(0).name()).isEqualTo("placedAt");
    assertThat(table.clusteringColumns().get(0).clusteringOrder()).isEqualTo(ClusteringOrder.DESC);
    assertThat(table.column("name").orElseThrow().kind()).isEqualTo(Kind.STATIC);
    assertThat(table.comment()).isEqualTo("admin's table");
    assertThat(table.defaultTimeToLive()).isEqualTo(120);

    admin.alterTable(
        AlterTableSpec.table(KEYSPACE, "orders")
            .add("note", "text")
            .drop("total")
            .option("comment", "changed"));
    table = admin.getTableMetadata(KEYSPACE, "orders").orElseThrow();
    assertThat(table.column("note").orElseThrow().type()).isEqualTo("text");
    assertThat(table.column("total")).isEmpty();
    assertThat(table.comment()).isEqualTo("changed");
    assertThat(admin.getTables(KEYSPACE)).extracting(TableMetadata::name).contains("orders");

    admin.dropTable(KEYSPACE, "orders");
    assertThat(admin.getTableMetadata(KEYSPACE, "orders")).isEmpty();
    admin.dropTable(KEYSPACE, "orders"); // IF EXISTS: nothing to drop is fine
  }

  @Test
  void should_translate_an_existing_table_created_without_if_not_exists() {
    TableSpec table = TableSpec.named(KEYSPACE, "twice").partitionKey("id", "int");
    admin.createTable(table);
    admin.createTable(table); // IF NOT EXISTS by default
    assertThatThrownBy(() -> admin.createTable(table.ifNotExists(false)))
        .isInstanceOf(ScyllaSchemaElementExistsException.class)
        .hasMessageContaining("twice");
    assertThat(session.execute("SELECT release_version FROM system.local").one()).isNotNull();
  }
}
