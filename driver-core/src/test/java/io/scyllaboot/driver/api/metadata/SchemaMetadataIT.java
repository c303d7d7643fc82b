package io.scyllaboot.driver.api.metadata;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.metadata.ColumnMetadata.ClusteringOrder;
import io.scyllaboot.driver.api.metadata.ColumnMetadata.Kind;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The schema read from the node: keyspaces, tables, columns with their key roles, indexes. */
@ExtendWith(CassandraNodeExtension.class)
class SchemaMetadataIT {
  private static final String KEYSPACE = CassandraNode.uniqueKeyspace("schema");
  private static CqlSession session;

  @BeforeAll
  static void schema() {
    session = CassandraNode.openSession();
    CassandraNode.createKeyspace(session, KEYSPACE);
    session.execute(
        "CREATE TABLE "
            + KEYSPACE
            + ".readings (sensor text, day int, at timestamp, seq int, value double, kind text,"
            + " tags set<text>, \"Site\" text static, PRIMARY KEY ((sensor, day), at, seq))"
            + " WITH CLUSTERING ORDER BY (at DESC, seq ASC)");
    session.execute("CREATE INDEX readings_kind ON " + KEYSPACE + ".readings (kind)");
    session.execute(
        "CREATE INDEX readings_tags ON " + KEYSPACE + ".readings (values(tags)) USING 'sai'");
    session.execute("CREATE TABLE " + KEYSPACE + ".empty (id int PRIMARY KEY)");
  }

  @AfterAll
  static void close() {
    if (session != null) {
      session.execute("DROP KEYSPACE IF EXISTS " + KEYSPACE);
      session.close();
    }
  }

  @Test
  void should_hold_the_keyspaces_the_datastax_notation_names() {
    try (CqlSession every =
            CqlSession.builder()
                .addContactPoint(CassandraNode.address())
                .withSchemaKeyspaces(java.util.List.of("/.*/", "!system_traces"))
                .build();
        CqlSession named =
            CqlSession.builder()
                .addContactPoint(CassandraNode.address())
                .withSchemaKeyspaces(java.util.List.of(KEYSPACE, "system_schema"))
                .build()) {
      assertThat(every.metadata().schema().keyspaces())
          .containsKeys(KEYSPACE, "system", "system_schema")
          .doesNotContainKey("system_traces");
      assertThat(named.metadata().schema().keyspaces()).containsOnlyKeys(KEYSPACE, "system_schema");
      assertThat(named.metadata().schema().table("system_schema", "tables")).isPresent();
    }
  }

  @Test
  void should_read_tables_with_their_key_columns_in_order_and_their_types() {
    SchemaMetadata schema = session.metadata().schema();
    // As the DataStax driver: no system keyspace by default.
    assertThat(schema.keyspaces())
        .containsKey(KEYSPACE)
        .doesNotContainKeys("system_schema", "system");
    assertThat(schema.keyspace(KEYSPACE).orElseThrow().tables())
        .containsOnlyKeys("readings", "empty");

    TableMetadata table = schema.table(KEYSPACE, "readings").orElseThrow();
    assertThat(table.keyspace()).isEqualTo(KEYSPACE);
    assertThat(table.partitionKey())
        .extracting(ColumnMetadata::name)
        .containsExactly("sensor", "day");
    assertThat(table.clusteringColumns())
        .extracting(ColumnMetadata::name)
        .containsExactly("at", "seq");
    assertThat(table.clusteringColumns())
        .extracting(ColumnMetadata::clusteringOrder)
        .containsExactly(ClusteringOrder.DESC, ClusteringOrder.ASC);
    assertThat(table.columns().subList(0, 4))
        .extracting(ColumnMetadata::name)
        .containsExactly("sensor", "day", "at", "seq");
    assertThat(table.column("tags").orElseThrow().type()).isEqualTo("set<text>");
    assertThat(table.column("Site").orElseThrow().kind()).isEqualTo(Kind.STATIC);
    assertThat(table.column("value").orElseThrow().kind()).isEqualTo(Kind.REGULAR);
    assertThat(table.column("site")).as("names keep their case").isEmpty();
  }

  @Test
  void should_list_tables_in_name_order_and_keyspaces_in_the_servers() {
    String keyspace = CassandraNode.uniqueKeyspace("order");
    CassandraNode.createKeyspace(session, keyspace);
    List<String> created = List.of("t_h", "t_c", "t_a", "t_g", "t_b", "t_f", "t_e", "t_d");
    try {
      for (String table : created) {
        session.execute("CREATE TABLE " + keyspace + "." + table + " (id int PRIMARY KEY)");
      }

      SchemaMetadata schema = session.metadata().schema();
      assertThat(new ArrayList<>(schema.keyspace(keyspace).orElseThrow().tables().keySet()))
          .as("the same order on every run, not the hash order of an immutable map")
          .containsExactly("t_a", "t_b", "t_c", "t_d", "t_e", "t_f", "t_g", "t_h");
      List<String> serverOrder =
          session.execute("SELECT keyspace_name FROM system_schema.keyspaces").all().stream()
              .map(row -> row.getString("keyspace_name"))
              .filter(schema.keyspaces()::containsKey)
              .toList();
      assertThat(new ArrayList<>(schema.keyspaces().keySet()))
          .as("keyspaces in the server's order, as the DataStax driver lists them")
          .containsExactlyElementsOf(serverOrder);
    } finally {
      session.execute("DROP KEYSPACE IF EXISTS " + keyspace);
    }
  }

  @Test
  void should_read_legacy_and_storage_attached_indexes_with_their_targets() {
    TableMetadata table = session.metadata().schema().table(KEYSPACE, "readings").orElseThrow();
    assertThat(table.indexes())
        .extracting(IndexMetadata::name)
        .containsExactlyInAnyOrder("readings_kind", "readings_tags");

    IndexMetadata kind = table.indexesOn("kind").get(0);
    assertThat(kind.kind()).isEqualTo("COMPOSITES");
    assertThat(kind.isStorageAttached()).isFalse();
    assertThat(kind.targetKind()).isEqualTo("values");

    IndexMetadata tags = table.indexesOn("tags").get(0);
    assertThat(tags.kind()).isEqualTo("CUSTOM");
    assertThat(tags.isStorageAttached()).isTrue();
    assertThat(tags.target()).isEqualTo("values(tags)");
    assertThat(tags.targetKind()).isEqualTo("values");
    assertThat(tags.options()).containsKey("class_name");

    assertThat(table.indexesOn("value")).isEmpty();
    assertThat(session.metadata().schema().table(KEYSPACE, "empty").orElseThrow().indexes())
        .isEmpty();
    assertThat(session.metadata().schema().table(KEYSPACE, "missing")).isEmpty();
  }

  @Test
  void should_read_the_schema_asynchronously_and_see_changes() throws Exception {
    session.execute("CREATE TABLE " + KEYSPACE + ".later (id int PRIMARY KEY, v text)");
    try {
      SchemaMetadata schema =
          session
              .metadata()
              .schemaAsync()
              .toCompletableFuture()
              .get(30, java.util.concurrent.TimeUnit.SECONDS);
      assertThat(schema.table(KEYSPACE, "later").orElseThrow().columns())
          .extracting(ColumnMetadata::name)
          .isEqualTo(List.of("id", "v"));
    } finally {
      session.execute("DROP TABLE " + KEYSPACE + ".later");
    }
  }
}
