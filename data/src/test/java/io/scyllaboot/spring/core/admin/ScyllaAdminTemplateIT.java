package io.scyllaboot.spring.core.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.metadata.ColumnMetadata;
import io.scyllaboot.driver.api.metadata.ColumnMetadata.ClusteringOrder;
import io.scyllaboot.driver.api.metadata.ColumnMetadata.Kind;
import io.scyllaboot.driver.api.metadata.KeyspaceMetadata;
import io.scyllaboot.driver.api.metadata.TableMetadata;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.spring.core.ScyllaTemplate;
import io.scyllaboot.spring.cql.ScyllaSchemaElementExistsException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.dao.InvalidDataAccessApiUsageException;

/**
 * Create, alter, read and drop keyspaces, tables (also from entity classes), user-defined types and
 * indexes on the real node through the admin template, each step checked in {@code system_schema}.
 */
class ScyllaAdminTemplateIT {
  private static final String KEYSPACE = CassandraNode.uniqueKeyspace("admin");
  private static CqlSession session;
  private static ScyllaAdminTemplate admin;
  // In the keyspace: entity classes without @Table(keyspace) have their tables there.
  private static CqlSession keyspaceSession;
  private static ScyllaAdminTemplate entityAdmin;

  @BeforeAll
  static void open() {
    CassandraNode.ensureRunning();
    session = CassandraNode.openSession();
    admin = new ScyllaAdminTemplate(session);
    admin.createKeyspace(KeyspaceSpec.named(KEYSPACE).durableWrites(false));
    keyspaceSession =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withKeyspace(KEYSPACE)
            .withRequestTimeout(Duration.ofSeconds(30))
            .build();
    entityAdmin = new ScyllaAdminTemplate(keyspaceSession);
  }

  @AfterAll
  static void close() {
    if (keyspaceSession != null) {
      keyspaceSession.close();
    }
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
  void should_read_the_session_keyspace_without_naming_it_as_spring_data_cassandra_does() {
    assertThat(entityAdmin.getKeyspaceMetadata().name()).isEqualTo(KEYSPACE);
    assertThatThrownBy(() -> admin.getKeyspaceMetadata())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("no keyspace");
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

  @Test
  void should_create_an_entitys_types_table_and_indexes_and_drop_the_table_by_its_class() {
    entityAdmin.createTable(true, AdminEntities.AdminOrder.class);

    Map<String, Row> types = rows("types", "type_name", "");
    assertThat(types).containsOnlyKeys("geo_point", "address");
    assertThat(types.get("address").getList("field_names", String.class))
        .containsExactly("street", "location", "waypoints");
    assertThat(types.get("address").getList("field_types", String.class))
        .containsExactly("text", "frozen<geo_point>", "list<frozen<geo_point>>");

    Map<String, Row> columns = rows("columns", "column_name", "admin_order");
    assertThat(columns.get("customer").getString("kind")).isEqualTo("partition_key");
    assertThat(columns.get("day").getString("kind")).isEqualTo("partition_key");
    assertThat(columns.get("day").getInt("position")).isEqualTo(1);
    assertThat(columns.get("placed_at").getString("kind")).isEqualTo("clustering");
    assertThat(columns.get("placed_at").getString("clustering_order")).isEqualTo("desc");
    assertThat(columns.get("customer_name").getString("kind")).isEqualTo("static");
    assertThat(columns.get("ship_to").getString("type")).isEqualTo("frozen<address>");
    assertThat(columns.get("by_label").getString("type")).isEqualTo("map<text, frozen<address>>");
    assertThat(columns.get("last_reading").getString("type"))
        .isEqualTo("frozen<tuple<timestamp, double>>");
    assertThat(columns.get("embedding").getString("type")).isEqualTo("vector<float, 3>");
    assertThat(columns.get("tags").getString("type")).isEqualTo("frozen<set<text>>");
    assertThat(columns.get("order").getString("type")).isEqualTo("int");

    Row table = rows("tables", "table_name", "").get("admin_order");
    assertThat(table.getString("comment")).isEqualTo("orders of the admin");
    assertThat(table.getInt("default_time_to_live")).isEqualTo(3600);

    Map<String, Row> indexes = rows("indexes", "index_name", "admin_order");
    assertThat(indexes)
        .containsOnlyKeys(
            "admin_order_status_idx", "admin_order_note_idx", "admin_order_embedding_idx");
    assertThat(indexes.get("admin_order_status_idx").getString("kind")).isEqualTo("COMPOSITES");
    assertThat(indexes.get("admin_order_note_idx").getMap("options", String.class, String.class))
        .containsEntry("case_sensitive", "false")
        .containsEntry("target", "note");
    assertThat(
            indexes.get("admin_order_embedding_idx").getMap("options", String.class, String.class))
        .containsEntry("similarity_function", "euclidean");

    // The mapping reads and writes the table it made.
    ScyllaTemplate template = new ScyllaTemplate(keyspaceSession);
    AdminEntities.AdminOrder order =
        new AdminEntities.AdminOrder(
            UUID.randomUUID(),
            LocalDate.of(2026, 12, 2),
            Instant.parse("2026-12-02T05:00:00Z"),
            "Ada",
            new AdminEntities.Address(
                "Main St",
                new AdminEntities.GeoPoint(1, 2),
                List.of(new AdminEntities.GeoPoint(3, 4))),
            Map.of("home", new AdminEntities.Address("Side St", null, List.of())),
            new AdminEntities.Reading(Instant.parse("2026-12-02T04:00:00Z"), 21.5),
            "open",
            "Fragile",
            new float[] {1, 0, 0},
            Set.of("gift"),
            7);
    template.insert(order);
    assertThat(
            template.selectOne(
                "SELECT * FROM admin_order WHERE note = 'fragile'", AdminEntities.AdminOrder.class))
        .usingRecursiveComparison()
        .isEqualTo(order);

    entityAdmin.createTable(true, AdminEntities.AdminOrder.class); // exists: nothing to do
    assertThatThrownBy(() -> entityAdmin.createTable(false, AdminEntities.AdminOrder.class))
        .isInstanceOf(ScyllaSchemaElementExistsException.class)
        .hasMessageContaining("admin_order");
    assertThat(entityAdmin.getTableMetadata(AdminEntities.AdminOrder.class)).isPresent();

    entityAdmin.dropTable(AdminEntities.AdminOrder.class);
    assertThat(rows("tables", "table_name", "")).doesNotContainKey("admin_order");
    assertThat(entityAdmin.getTableMetadata(AdminEntities.AdminOrder.class)).isEmpty();
  }

  @Test
  void should_create_an_entitys_table_under_another_name_with_options() {
    entityAdmin.createTable(
        false, "Archived", AdminEntities.AdminOrder.class, Map.of("comment", "archived"));
    Row table = rows("tables", "table_name", "").get("Archived");
    assertThat(table.getString("comment")).isEqualTo("archived");
    assertThat(table.getInt("default_time_to_live")).isEqualTo(3600);
    assertThat(rows("indexes", "index_name", "Archived"))
        .containsOnlyKeys("Archived_status_idx", "Archived_note_idx", "Archived_embedding_idx");
    entityAdmin.dropTable(KEYSPACE, "Archived");
    assertThat(rows("tables", "table_name", "")).doesNotContainKey("Archived");
  }

  @Test
  void should_create_alter_and_drop_a_user_type_seen_in_the_schema_at_each_step() {
    admin.createUserType(
        UserTypeSpec.named(KEYSPACE, "Money").field("amount", "decimal").field("currency", "text"));
    Row money = rows("types", "type_name", "").get("Money");
    assertThat(money.getList("field_names", String.class)).containsExactly("amount", "currency");
    assertThat(admin.getKeyspaceMetadata(KEYSPACE).orElseThrow().userType("Money")).isPresent();

    admin.alterUserType(
        AlterUserTypeSpec.type(KEYSPACE, "Money").add("note", "text").rename("currency", "Code"));
    money = rows("types", "type_name", "").get("Money");
    assertThat(money.getList("field_names", String.class))
        .containsExactly("amount", "Code", "note");
    assertThat(money.getList("field_types", String.class))
        .containsExactly("decimal", "text", "text");

    admin.createTable(
        TableSpec.named(KEYSPACE, "wallets")
            .partitionKey("id", "int")
            .column("balance", "frozen<\"Money\">"));
    assertThatThrownBy(() -> admin.dropUserType(KEYSPACE, "Money"))
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining("Money");
    admin.dropTable(KEYSPACE, "wallets");
    admin.dropUserType(KEYSPACE, "Money");
    assertThat(rows("types", "type_name", "")).doesNotContainKey("Money");
    admin.dropUserType(KEYSPACE, "Money"); // IF EXISTS

    assertThatThrownBy(
            () -> admin.createUserType(UserTypeSpec.named(KEYSPACE, "bad").field("x", "no_such")))
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining("no_such");
    assertThat(session.execute("SELECT release_version FROM system.local").one()).isNotNull();
  }

  @Test
  void should_create_indexes_on_columns_and_collections_and_drop_them() {
    admin.createTable(
        TableSpec.named(KEYSPACE, "products")
            .partitionKey("id", "int")
            .column("name", "text")
            .column("attributes", "map<text, int>")
            .column("tags", "set<text>")
            .column("sizes", "frozen<list<int>>"));
    admin.createIndex(IndexSpec.on(KEYSPACE, "products", "attributes").keys().named("by_key"));
    admin.createIndex(IndexSpec.on(KEYSPACE, "products", "attributes").entries());
    admin.createIndex(IndexSpec.on(KEYSPACE, "products", "tags").values().named("by_tag"));
    admin.createIndex(IndexSpec.on(KEYSPACE, "products", "sizes").full().named("by_sizes"));
    admin.createIndex(
        IndexSpec.on(KEYSPACE, "products", "name")
            .sai()
            .named("by_name")
            .option("case_sensitive", "false"));

    Map<String, Row> indexes = rows("indexes", "index_name", "products");
    assertThat(indexes).hasSize(5);
    assertThat(target(indexes.get("by_key"))).isEqualTo("keys(attributes)");
    assertThat(indexes.values())
        .extracting(ScyllaAdminTemplateIT::target)
        .contains("entries(attributes)");
    assertThat(target(indexes.get("by_tag"))).isEqualTo("values(tags)");
    assertThat(target(indexes.get("by_sizes"))).isEqualTo("full(sizes)");
    assertThat(indexes.get("by_name").getString("kind")).isEqualTo("CUSTOM");
    assertThat(indexes.get("by_name").getMap("options", String.class, String.class))
        .containsEntry("case_sensitive", "false")
        .hasEntrySatisfying(
            "class_name", name -> assertThat(name).endsWith("StorageAttachedIndex"));

    // The options took effect: the SAI index matches regardless of case.
    session.execute(
        "INSERT INTO " + KEYSPACE + ".products (id, name, tags) VALUES (1, 'Teapot', {'kitchen'})");
    assertThat(
            session.execute("SELECT id FROM " + KEYSPACE + ".products WHERE name = 'TEAPOT'").one())
        .isNotNull();
    assertThat(
            session
                .execute("SELECT id FROM " + KEYSPACE + ".products WHERE tags CONTAINS 'kitchen'")
                .one())
        .isNotNull();

    admin.dropIndex(KEYSPACE, "by_key");
    admin.dropIndex(KEYSPACE, "by_name");
    assertThat(rows("indexes", "index_name", "products"))
        .hasSize(3)
        .doesNotContainKeys("by_key", "by_name");
    admin.dropIndex(KEYSPACE, "by_key"); // IF EXISTS
    assertThatThrownBy(
            () -> admin.createIndex(IndexSpec.on(KEYSPACE, "products", "no_such_column")))
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining("no_such_column");
  }

  private static String target(Row index) {
    return index.getMap("options", String.class, String.class).get("target");
  }

  /** Rows of a system_schema table of this keyspace (and table, unless empty), by a column. */
  private static Map<String, Row> rows(String schemaTable, String key, String table) {
    String cql =
        "SELECT * FROM system_schema."
            + schemaTable
            + " WHERE keyspace_name = ?"
            + (table.isEmpty() ? "" : " AND table_name = ?");
    Object[] values = table.isEmpty() ? new Object[] {KEYSPACE} : new Object[] {KEYSPACE, table};
    Map<String, Row> rows = new LinkedHashMap<>();
    for (Row row : session.execute(cql, values)) {
      rows.put(row.getString(key), row);
    }
    return rows;
  }
}
