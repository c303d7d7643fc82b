package io.scyllaboot.spring.core.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.metadata.ColumnMetadata.ClusteringOrder;
import java.util.Map;
import org.junit.jupiter.api.Test;

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
}
