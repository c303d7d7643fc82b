package io.scyllaboot.spring.core.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.metadata.ColumnMetadata.ClusteringOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.springframework.dao.InvalidDataAccessApiUsageException;

/**
 * The CQL the admin specifications write: identifiers quoted where CQL needs it, literals typed.
 */
class AdminSpecsTest {

  @Test
  void should_write_a_keyspace_with_its_replication_and_durable_writes() {
    assertThat(KeyspaceSpec.named("shop").createCql())
        .isEqualTo(
            "CREATE KEYSPACE IF NOT EXISTS shop WITH replication = {'class': 'SimpleStrategy',"
                + " 'replication_factor': '1'} AND durable_writes = true");
    assertThat(
            KeyspaceSpec.named("Shop")
                .networkTopology(Map.of("dc2", 1, "dc1", 3))
                .durableWrites(false)
                .alterCql())
        .isEqualTo(
            "ALTER KEYSPACE \"Shop\" WITH replication = {'class': 'NetworkTopologyStrategy',"
                + " 'dc1': '3', 'dc2': '1'} AND durable_writes = false");
    assertThatThrownBy(() -> KeyspaceSpec.named("shop").simple(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("replication factor must be at least 1, was 0");
  }

  @Test
  void should_write_a_strongly_consistent_keyspace_on_create_only() {
    KeyspaceSpec spec =
        KeyspaceSpec.named("ledger")
            .networkTopology(Map.of("dc1", 3))
            .consistency(KeyspaceConsistency.GLOBAL);
    assertThat(spec.createCql())
        .isEqualTo(
            "CREATE KEYSPACE IF NOT EXISTS ledger WITH replication = {'class':"
                + " 'NetworkTopologyStrategy', 'dc1': '3'} AND durable_writes = true"
                + " AND consistency = 'global'");
    assertThat(spec.alterCql()).doesNotContain("consistency");
    assertThat(KeyspaceConsistency.EVENTUAL.cql()).isEqualTo("'eventual'");
  }

  @Test
  void should_write_a_table_with_composite_key_order_static_column_and_options() {
    String cql =
        TableSpec.named("shop", "orders")
            .partitionKey("customer", "uuid")
            .partitionKey("day", "date")
            .clusteringColumn("placedAt", "timestamp", ClusteringOrder.DESC)
            .clusteringColumn("order", "int")
            .staticColumn("name", "text")
            .column("lines", "list<frozen<line>>")
            .option("comment", "it's ours")
            .option("default_time_to_live", 60)
            .option("compaction", Map.of("class", "LeveledCompactionStrategy"))
            .ifNotExists(false)
            .createCql();
    assertThat(cql)
        .isEqualTo(
            "CREATE TABLE shop.orders (customer uuid, day date, \"placedAt\" timestamp,"
                + " \"order\" int, name text STATIC, lines list<frozen<line>>,"
                + " PRIMARY KEY ((customer, day), \"placedAt\", \"order\"))"
                + " WITH CLUSTERING ORDER BY (\"placedAt\" DESC, \"order\" ASC)"
                + " AND comment = 'it''s ours' AND default_time_to_live = 60"
                + " AND compaction = {'class': 'LeveledCompactionStrategy'}");
    assertThat(TableSpec.named("shop", "t").partitionKey("id", "int").createCql())
        .isEqualTo("CREATE TABLE IF NOT EXISTS shop.t (id int, PRIMARY KEY (id))");
  }

  @Test
  void should_refuse_a_table_that_cql_would_refuse_naming_the_problem() {
    assertThatThrownBy(() -> TableSpec.named("shop", "t").column("v", "text").createCql())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("shop.t has no partition key");
    assertThatThrownBy(
            () ->
                TableSpec.named("shop", "t")
                    .partitionKey("id", "int")
                    .staticColumn("s", "int")
                    .createCql())
        .hasMessageContaining("static columns but no clustering column");
    assertThatThrownBy(() -> TableSpec.named("shop", "t").option("comment = 'x'; DROP", 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a table option name");
    assertThatThrownBy(() -> TableSpec.named("shop", "t").column("v", "int; DROP TABLE x"))
        .hasMessageContaining("needs a CQL type");
  }

  @Test
  void should_write_one_alter_statement_per_kind_of_change() {
    assertThat(
            AlterTableSpec.table("shop", "orders")
                .add("note", "text")
                .add("Tags", "set<text>")
                .drop("old")
                .option("comment", "v2")
                .cql())
        .containsExactly(
            "ALTER TABLE shop.orders ADD (note text, \"Tags\" set<text>)",
            "ALTER TABLE shop.orders DROP old",
            "ALTER TABLE shop.orders WITH comment = 'v2'");
    assertThat(AlterTableSpec.table("shop", "orders").cql()).isEmpty();
  }

  @Test
  void should_write_a_user_type_and_its_changes() {
    assertThat(
            UserTypeSpec.named("shop", "Address")
                .field("street", "text")
                .field("to", "frozen<geo_point>")
                .createCql())
        .isEqualTo(
            "CREATE TYPE IF NOT EXISTS shop.\"Address\" (street text, \"to\" frozen<geo_point>)");
    assertThat(UserTypeSpec.named("shop", "a").field("x", "int").ifNotExists(false).createCql())
        .isEqualTo("CREATE TYPE shop.a (x int)");
    assertThat(
            AlterUserTypeSpec.type("shop", "address")
                .add("zip", "int")
                .add("Notes", "list<text>")
                .rename("street", "line1")
                .rename("to", "Recipient")
                .cql())
        .containsExactly(
            "ALTER TYPE shop.address ADD zip int",
            "ALTER TYPE shop.address ADD \"Notes\" list<text>",
            "ALTER TYPE shop.address RENAME street TO line1 AND \"to\" TO \"Recipient\"");
    assertThat(AlterUserTypeSpec.type("shop", "address").cql()).isEmpty();
  }

  @Test
  void should_refuse_a_user_type_without_names_or_types_naming_the_problem() {
    assertThatThrownBy(() -> UserTypeSpec.named("shop", " "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a user-defined type needs a name");
    assertThatThrownBy(() -> UserTypeSpec.named("shop", "a").createCql())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("shop.a has no field");
    assertThatThrownBy(() -> UserTypeSpec.named("shop", "a").field("x", "int").field("x", "text"))
        .hasMessageContaining("has field x twice");
    assertThatThrownBy(() -> UserTypeSpec.named("shop", "a").field("", "int"))
        .hasMessageContaining("a field of a needs a name");
    assertThatThrownBy(() -> AlterUserTypeSpec.type("shop", "a").add("x", " "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("field x needs a CQL type");
    assertThatThrownBy(() -> AlterUserTypeSpec.type("shop", "a").rename("x", ""))
        .hasMessageContaining("rename of x needs a new name");
  }

  @Test
  void should_write_secondary_and_custom_indexes_on_columns_and_collections() {
    assertThat(IndexSpec.on("shop", "products", "kind").createCql())
        .isEqualTo("CREATE INDEX IF NOT EXISTS ON shop.products (kind)");
    assertThat(IndexSpec.on("shop", "Products", "Attributes").keys().named("by_key").createCql())
        .isEqualTo("CREATE INDEX IF NOT EXISTS by_key ON shop.\"Products\" (KEYS(\"Attributes\"))");
    assertThat(IndexSpec.on("shop", "products", "attributes").entries().createCql())
        .isEqualTo("CREATE INDEX IF NOT EXISTS ON shop.products (ENTRIES(attributes))");
    assertThat(IndexSpec.on("shop", "products", "tags").values().ifNotExists(false).createCql())
        .isEqualTo("CREATE INDEX ON shop.products (VALUES(tags))");
    assertThat(IndexSpec.on("shop", "products", "sizes").full().createCql())
        .isEqualTo("CREATE INDEX IF NOT EXISTS ON shop.products (FULL(sizes))");
    assertThat(
            IndexSpec.on("shop", "products", "name")
                .sai()
                .named("Name_idx")
                .option("case_sensitive", "false")
                .option("normalize", "true")
                .createCql())
        .isEqualTo(
            "CREATE CUSTOM INDEX IF NOT EXISTS \"Name_idx\" ON shop.products (name)"
                + " USING 'StorageAttachedIndex'"
                + " WITH OPTIONS = {'case_sensitive': 'false', 'normalize': 'true'}");
    assertThat(IndexSpec.on("shop", "products", "embedding").using("vector_index").createCql())
        .isEqualTo(
            "CREATE CUSTOM INDEX IF NOT EXISTS ON shop.products (embedding) USING 'vector_index'");
  }

  @Test
  void should_refuse_an_index_that_cql_would_refuse_naming_the_problem() {
    assertThatThrownBy(() -> IndexSpec.on("shop", "products", ""))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("an index on products needs a column");
    assertThatThrownBy(() -> IndexSpec.on("shop", "products", "name").named("by name; DROP"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not an index name: 'by name; DROP'");
    assertThatThrownBy(
            () ->
                IndexSpec.on("shop", "products", "name").option("case_sensitive", "x").createCql())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("products.name has options [case_sensitive] but no index class");
  }

  @Test
  void should_create_an_entitys_types_table_and_indexes_as_schema_creation_does() {
    List<String> executed = new ArrayList<>();
    ScyllaAdminTemplate admin = new ScyllaAdminTemplate(recording("shop", executed));
    admin.createTable(false, "Archived", AdminEntities.AdminOrder.class, Map.of("comment", "old"));
    assertThat(executed)
        .containsExactly(
            "CREATE TYPE IF NOT EXISTS shop.geo_point (lat double, lon double)",
            "CREATE TYPE IF NOT EXISTS shop.address (street text, location frozen<shop.geo_point>,"
                + " waypoints list<frozen<shop.geo_point>>)",
            "CREATE TABLE shop.\"Archived\" (customer uuid, day date, placed_at timestamp,"
                + " customer_name text STATIC, ship_to frozen<shop.address>,"
                + " by_label map<text, frozen<shop.address>>,"
                + " last_reading frozen<tuple<timestamp, double>>, status text, note text,"
                + " embedding vector<float, 3>, tags frozen<set<text>>, \"order\" int,"
                + " PRIMARY KEY ((customer, day), placed_at))"
                + " WITH CLUSTERING ORDER BY (placed_at DESC)"
                + " AND default_time_to_live = 3600 AND comment = 'old'",
            "CREATE INDEX IF NOT EXISTS \"Archived_status_idx\" ON shop.\"Archived\" (status)",
            "CREATE CUSTOM INDEX IF NOT EXISTS \"Archived_note_idx\" ON shop.\"Archived\" (note)"
                + " USING 'StorageAttachedIndex' WITH OPTIONS = {'case_sensitive': 'false'}",
            "CREATE CUSTOM INDEX IF NOT EXISTS \"Archived_embedding_idx\""
                + " ON shop.\"Archived\" (embedding) USING 'StorageAttachedIndex'"
                + " WITH OPTIONS = {'similarity_function': 'euclidean'}");

    executed.clear();
    admin.createUserTypes(AdminEntities.Address.class);
    admin.dropTable(AdminEntities.AdminOrder.class);
    assertThat(executed)
        .containsExactly(
            "CREATE TYPE IF NOT EXISTS shop.geo_point (lat double, lon double)",
            "CREATE TYPE IF NOT EXISTS shop.address (street text, location frozen<shop.geo_point>,"
                + " waypoints list<frozen<shop.geo_point>>)",
            "DROP TABLE IF EXISTS shop.admin_order");
  }

  @Test
  void should_refuse_an_entity_class_without_a_table_naming_the_class_and_the_problem() {
    List<String> executed = new ArrayList<>();
    ScyllaAdminTemplate admin = new ScyllaAdminTemplate(recording("shop", executed));
    assertThatThrownBy(() -> admin.createTable(true, AdminEntities.NotATable.class))
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining("AdminEntities$NotATable is not an entity with a table");
    assertThatThrownBy(() -> admin.createTable(true, AdminEntities.WithoutKey.class))
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining("WithoutKey")
        .hasMessageContaining("has no partition key");
    assertThatThrownBy(() -> admin.createTable(true, AdminEntities.WithRawTuple.class))
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining("WithRawTuple.raw is a TupleValue");
    assertThatThrownBy(
            () -> admin.createTable(true, AdminEntities.AdminOrder.class, Map.of("x; y", 1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a table option name");
    ScyllaAdminTemplate withoutKeyspace = new ScyllaAdminTemplate(recording(null, executed));
    assertThatThrownBy(() -> withoutKeyspace.getTableMetadata(AdminEntities.AdminOrder.class))
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining("AdminOrder names no keyspace");
    assertThat(executed).isEmpty();
  }

  /** A session that records the CQL it is given (and runs none), opened in a keyspace. */
  private static CqlSession recording(String keyspace, List<String> executed) {
    return Mockito.mock(
        CqlSession.class,
        invocation -> {
          switch (invocation.getMethod().getName()) {
            case "execute" -> executed.add(invocation.getArgument(0));
            case "keyspace" -> {
              return keyspace;
            }
            default -> {}
          }
          return null;
        });
  }
}
