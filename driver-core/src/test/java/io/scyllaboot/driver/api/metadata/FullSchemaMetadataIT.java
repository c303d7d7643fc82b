package io.scyllaboot.driver.api.metadata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.metadata.ColumnMetadata.ClusteringOrder;
import io.scyllaboot.driver.api.metadata.ColumnMetadata.Kind;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A keyspace with every kind of object, read by a session limited to it, compared with what the
 * server's own {@code DESCRIBE KEYSPACE} says (Cassandra 5 answers it as a query); and a change
 * made by another session reaching the listener and the kept snapshot through the schema events.
 */
@ExtendWith(CassandraNodeExtension.class)
class FullSchemaMetadataIT {
  private static final String KEYSPACE = CassandraNode.uniqueKeyspace("fullschema");
  private static final List<SchemaChange> CHANGES = new CopyOnWriteArrayList<>();
  private static CqlSession ddl;
  private static CqlSession observer;

  @BeforeAll
  static void schema() {
    ddl = CassandraNode.openSession();
    ddl.execute(
        "CREATE KEYSPACE "
            + KEYSPACE
            + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}"
            + " AND durable_writes = false");
    ddl.execute("CREATE TYPE " + KEYSPACE + ".address (street text, zip int)");
    ddl.execute(
        "CREATE TABLE "
            + KEYSPACE
            + ".readings (sensor text, day int, at timestamp, seq int, value double, kind text,"
            + " site text static, tags set<text>, attrs map<text, int>,"
            + " home frozen<address>, pos tuple<double, double>, embedding vector<float, 3>,"
            + " PRIMARY KEY ((sensor, day), at, seq))"
            + " WITH CLUSTERING ORDER BY (at DESC, seq ASC)"
            + " AND comment = 'sensor readings' AND default_time_to_live = 3600");
    ddl.execute("CREATE INDEX readings_kind ON " + KEYSPACE + ".readings (kind)");
    ddl.execute(
        "CREATE INDEX readings_attrs ON " + KEYSPACE + ".readings (keys(attrs)) USING 'sai'");
    ddl.execute(
        "CREATE INDEX readings_embedding ON "
            + KEYSPACE
            + ".readings (embedding) USING 'sai'"
            + " WITH OPTIONS = {'similarity_function': 'dot_product'}");
    ddl.execute(
        "CREATE TABLE " + KEYSPACE + ".events (id int, at int, kind text, PRIMARY KEY (id, at))");
    ddl.execute(
        "CREATE MATERIALIZED VIEW "
            + KEYSPACE
            + ".events_by_kind AS SELECT id, at, kind FROM "
            + KEYSPACE
            + ".events WHERE kind IS NOT NULL AND id IS NOT NULL AND at IS NOT NULL"
            + " PRIMARY KEY (kind, id, at)");
    observer =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withRequestTimeout(Duration.ofSeconds(30))
            .withSchemaKeyspaces(List.of(KEYSPACE))
            .addSchemaChangeListener((change, schema) -> CHANGES.add(change))
            .build();
  }

  @AfterAll
  static void close() {
    if (observer != null) {
      observer.close();
    }
    if (ddl != null) {
      ddl.execute("DROP KEYSPACE IF EXISTS " + KEYSPACE);
      ddl.close();
    }
  }

  /** The server's DESCRIBE rows: (type, name) to its CREATE statement. */
  private static Map<String, String> describe() {
    Map<String, String> statements = new HashMap<>();
    for (Row row : ddl.execute("DESCRIBE KEYSPACE " + KEYSPACE)) {
      statements.put(
          row.getString("type") + " " + row.getString("name"), row.getString("create_statement"));
    }
    return statements;
  }

  @Test
  void should_hold_exactly_the_objects_the_server_describes() {
    KeyspaceMetadata keyspace = observer.metadata().schema().keyspace(KEYSPACE).orElseThrow();
    assertThat(observer.metadata().schema().keyspaces())
        .as("limited to the chosen keyspace")
        .containsOnlyKeys(KEYSPACE);

    List<String> ours = new java.util.ArrayList<>();
    ours.add("keyspace " + KEYSPACE);
    keyspace.userTypes().keySet().forEach(name -> ours.add("type " + name));
    keyspace.tables().values().forEach(table -> ours.add("table " + table.name()));
    keyspace.tables().values().stream()
        .flatMap(table -> table.indexes().stream())
        .forEach(index -> ours.add("index " + index.name()));
    keyspace.views().keySet().forEach(name -> ours.add("materialized_view " + name));
    assertThat(ours).containsExactlyInAnyOrderElementsOf(describe().keySet());
  }

  @Test
  void should_describe_the_keyspace_and_type_as_the_server_does() {
    KeyspaceMetadata keyspace = observer.metadata().schema().keyspace(KEYSPACE).orElseThrow();
    assertThat(keyspace.durableWrites()).isFalse();
    assertThat(keyspace.replication())
        .containsEntry("class", "org.apache.cassandra.locator.SimpleStrategy")
        .containsEntry("replication_factor", "1");
    assertThat(describe().get("keyspace " + KEYSPACE)).contains("durable_writes = false");

    UserTypeMetadata address = keyspace.userType("address").orElseThrow();
    String fields =
        java.util.stream.IntStream.range(0, address.fieldNames().size())
            .mapToObj(i -> "    " + address.fieldNames().get(i) + " " + address.fieldTypes().get(i))
            .collect(Collectors.joining(",\n"));
    assertThat(describe().get("type address")).contains(fields);
    assertThat(address.fieldType("zip")).isEqualTo("int");
  }

  @Test
  void should_describe_columns_keys_and_options_of_a_table_as_the_server_does() {
    TableMetadata table = observer.metadata().schema().table(KEYSPACE, "readings").orElseThrow();
    String described = describe().get("table readings");
    for (ColumnMetadata column : table.columns()) {
      String declared = column.name() + " " + column.type();
      assertThat(described)
          .as("column %s", column.name())
          .contains(column.kind() == Kind.STATIC ? declared + " static" : declared);
    }
    assertThat(table.columns()).hasSize(12);
    assertThat(table.column("embedding").orElseThrow().type()).isEqualTo("vector<float, 3>");
    assertThat(table.column("home").orElseThrow().type()).isEqualTo("frozen<address>");
    assertThat(table.column("site").orElseThrow().kind()).isEqualTo(Kind.STATIC);
    String partitionKey =
        table.partitionKey().stream().map(ColumnMetadata::name).collect(Collectors.joining(", "));
    String clustering =
        table.clusteringColumns().stream()
            .map(ColumnMetadata::name)
            .collect(Collectors.joining(", "));
    assertThat(described).contains("PRIMARY KEY ((" + partitionKey + "), " + clustering + ")");
    String order =
        table.clusteringColumns().stream()
            .map(column -> column.name() + " " + column.clusteringOrder())
            .collect(Collectors.joining(", "));
    assertThat(described).contains("CLUSTERING ORDER BY (" + order + ")");
    assertThat(table.clusteringColumns())
        .extracting(ColumnMetadata::clusteringOrder)
        .containsExactly(ClusteringOrder.DESC, ClusteringOrder.ASC);
    assertThat(table.comment()).isEqualTo("sensor readings");
    assertThat(described).contains("comment = 'sensor readings'");
    assertThat(table.defaultTimeToLive()).isEqualTo(3600);
    assertThat(described).contains("default_time_to_live = 3600");
    assertThat(table.compaction().get("class")).isNotBlank();
    assertThat(described).contains(table.compaction().get("class"));
  }

  @Test
  void should_tell_secondary_sai_and_vector_indexes_apart_as_the_server_writes_them() {
    TableMetadata table = observer.metadata().schema().table(KEYSPACE, "readings").orElseThrow();
    Map<String, String> described = describe();

    IndexMetadata kind = table.indexesOn("kind").get(0);
    assertThat(kind.type()).isEqualTo(IndexMetadata.Type.SECONDARY);
    assertThat(kind.table()).isEqualTo("readings");
    assertThat(described.get("index readings_kind")).doesNotContain("CUSTOM").contains("(kind)");

    IndexMetadata attrs = table.indexesOn("attrs").get(0);
    assertThat(attrs.type()).isEqualTo(IndexMetadata.Type.SAI);
    assertThat(attrs.targetKind()).isEqualTo("keys");
    assertThat(described.get("index readings_attrs"))
        .contains("(" + attrs.target() + ")")
        .contains("USING '" + attrs.className() + "'");

    IndexMetadata embedding = table.indexesOn("embedding").get(0);
    assertThat(embedding.type()).isEqualTo(IndexMetadata.Type.VECTOR);
    assertThat(embedding.isStorageAttached()).isTrue();
    assertThat(embedding.options()).containsEntry("similarity_function", "dot_product");
    assertThat(described.get("index readings_embedding"))
        .contains("(embedding)")
        .contains("'similarity_function': 'dot_product'");
  }

  @Test
  void should_describe_the_materialized_view_as_the_server_does() {
    ViewMetadata view = observer.metadata().schema().view(KEYSPACE, "events_by_kind").orElseThrow();
    assertThat(view.baseTable()).isEqualTo("events");
    assertThat(view.includesAllColumns()).isFalse();
    assertThat(view.partitionKey()).extracting(ColumnMetadata::name).containsExactly("kind");
    assertThat(view.clusteringColumns())
        .extracting(ColumnMetadata::name)
        .containsExactly("id", "at");
    String described = describe().get("materialized_view events_by_kind");
    assertThat(described)
        .contains("WHERE " + view.whereClause())
        .contains("FROM " + KEYSPACE + ".events");
    assertThat(observer.metadata().schema().keyspace(KEYSPACE).orElseThrow().tables())
        .as("a view is not a table")
        .doesNotContainKey("events_by_kind");
  }

  @Test
  void should_hear_a_change_made_by_another_session_and_keep_it() {
    ddl.execute("CREATE TABLE " + KEYSPACE + ".later (id int PRIMARY KEY)");
    ddl.execute("ALTER TABLE " + KEYSPACE + ".later ADD note text");
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(
            () ->
                assertThat(
                        observer
                            .metadata()
                            .schema()
                            .table(KEYSPACE, "later")
                            .map(TableMetadata::columns))
                    .hasValueSatisfying(
                        columns ->
                            assertThat(columns)
                                .extracting(ColumnMetadata::name)
                                .containsExactly("id", "note")));
    assertThat(CHANGES)
        .contains(
            new SchemaChange(
                SchemaChange.Type.CREATED, SchemaChange.Target.TABLE, KEYSPACE, "later"));
    ddl.execute("ALTER TABLE " + KEYSPACE + ".later ADD extra int");
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                observer
                    .metadata()
                    .schema()
                    .table(KEYSPACE, "later")
                    .orElseThrow()
                    .column("extra")
                    .isPresent());
    assertThat(CHANGES)
        .contains(
            new SchemaChange(
                SchemaChange.Type.UPDATED, SchemaChange.Target.TABLE, KEYSPACE, "later"));
  }

  @Test
  void should_compute_the_token_the_server_computes_for_a_composite_key() {
    ddl.execute(
        "INSERT INTO "
            + KEYSPACE
            + ".readings (sensor, day, at, seq, value) VALUES ('s-1', 20251, 0, 1, 2.5)");
    Row row =
        ddl.execute(
                "SELECT token(sensor, day) FROM "
                    + KEYSPACE
                    + ".readings WHERE sensor = 's-1' AND day = 20251")
            .one();
    TokenMap tokens = observer.metadata().tokenMap();
    assertThat(tokens.token("s-1", 20251)).isEqualTo(row.getLong(0));
    Node node = observer.metadata().nodes().iterator().next();
    assertThat(node.address())
        .as("prints as the JDK prints an address given as an IP literal, /ip:port")
        .hasToString(CassandraNode.address().toString());
    assertThat(tokens.replicas(KEYSPACE, "s-1", 20251)).containsExactly(node);
    assertThat(tokens.ranges(KEYSPACE, node)).hasSameSizeAs(tokens.ranges());
  }

  @Test
  void should_have_its_own_ddl_in_the_kept_schema_when_the_statement_completes() {
    ddl.execute("CREATE TABLE " + KEYSPACE + ".own (id int PRIMARY KEY, v text)");
    assertThat(ddl.metadata().schema().table(KEYSPACE, "own")).isPresent();
    ddl.execute("DROP TABLE " + KEYSPACE + ".own");
    assertThat(ddl.metadata().schema().table(KEYSPACE, "own")).isEmpty();
  }
}
