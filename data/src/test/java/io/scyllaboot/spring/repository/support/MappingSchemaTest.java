package io.scyllaboot.spring.repository.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.type.TupleValue;
import io.scyllaboot.driver.api.type.UdtValue;
import io.scyllaboot.spring.mapping.ClusteringColumn;
import io.scyllaboot.spring.mapping.Column;
import io.scyllaboot.spring.mapping.CqlType;
import io.scyllaboot.spring.mapping.Element;
import io.scyllaboot.spring.mapping.Embedded;
import io.scyllaboot.spring.mapping.Frozen;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.mapping.TableOptions;
import io.scyllaboot.spring.mapping.Tuple;
import io.scyllaboot.spring.mapping.UserDefinedType;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The CQL schema creation sends for the mapping annotations (no server). */
class MappingSchemaTest {
  private final ScyllaMappingContext context = new ScyllaMappingContext();
  private final SchemaCreator creator = new SchemaCreator(null, context);

  @UserDefinedType("addr")
  record Address(String city, List<String> lines) {}

  @Tuple
  record Reading(@Element(0) int sensor, @Element(1) double value, @Element(2) Address at) {}

  enum Level {
    LOW
  }

  @Table(keyspace = "shop")
  @TableOptions(
      comment = "it's a shop",
      defaultTimeToLive = 3600,
      compaction = {"class=LeveledCompactionStrategy", "sstable_size_in_mb = 160"},
      options = "gc_grace_seconds = 600")
  record Order(
      @PartitionKey int shop,
      @ClusteringColumn UUID id,
      @Column(value = "owner", isStatic = true) String ownerName,
      @Column(isStatic = true) int shopSize,
      @Frozen List<String> frozenLines,
      List<@Frozen Address> addresses,
      @Frozen Map<String, @Frozen Set<Address>> nested,
      Reading last,
      List<Reading> readings,
      @CqlType(type = CqlType.Name.TIMEUUID) UUID timeId,
      @CqlType(type = CqlType.Name.INT) Level level,
      @CqlType(
              type = CqlType.Name.TUPLE,
              typeArguments = {CqlType.Name.INT, CqlType.Name.UDT},
              userTypeName = "addr")
          TupleValue raw,
      @CqlType(type = CqlType.Name.UDT, userTypeName = "\"Other\"") UdtValue other,
      @CqlType(type = CqlType.Name.SET, typeArguments = CqlType.Name.UDT, userTypeName = "addr")
          List<UdtValue> others,
      @CqlType(
              type = CqlType.Name.MAP,
              typeArguments = {CqlType.Name.ASCII, CqlType.Name.VARINT})
          Map<String, Long> counts,
      @CqlType(type = CqlType.Name.UDT) Address typedAddress) {}

  @Table
  record FrozenKey(@PartitionKey Set<String> tags, @ClusteringColumn List<Integer> order) {}

  record Money(long cents, String currency) {}

  @Table
  record Invoice(
      @PartitionKey int id,
      @Embedded.Nullable(prefix = "total_") Money total,
      @Embedded.Empty Money paid) {}

  @Table
  record StaticWithoutClustering(@PartitionKey int id, @Column(isStatic = true) int x) {}

  @Table
  record StaticKey(
      @PartitionKey int id, @ClusteringColumn @Column(value = "c", isStatic = true) int c) {}

  @Table
  record RawTuple(@PartitionKey int id, TupleValue raw) {}

  @Table
  record RawUdt(@PartitionKey int id, UdtValue raw) {}

  @Table
  record TupleWithoutArguments(
      @PartitionKey int id, @CqlType(type = CqlType.Name.TUPLE) TupleValue raw) {}

  @Table
  record UdtNameMismatch(
      @PartitionKey int id,
      @CqlType(type = CqlType.Name.UDT, userTypeName = "other") Address address) {}

  @Table
  record UdtWithoutName(@PartitionKey int id, @CqlType(type = CqlType.Name.UDT) UdtValue raw) {}

  private ScyllaPersistentEntity<?> entity(Class<?> type) {
    return context.getRequiredPersistentEntity(type);
  }

  @Test
  void should_declare_frozen_static_tuple_and_declared_types_and_table_options() {
    assertThat(creator.createTableCql(entity(Order.class)))
        .isEqualTo(
            "CREATE TABLE IF NOT EXISTS shop.\"order\" (shop int, id uuid, owner text STATIC,"
                + " shop_size int STATIC, frozen_lines frozen<list<text>>,"
                + " addresses list<frozen<shop.addr>>,"
                + " nested frozen<map<text, frozen<set<frozen<shop.addr>>>>>,"
                + " last frozen<tuple<int, double, frozen<shop.addr>>>,"
                + " readings list<frozen<tuple<int, double, frozen<shop.addr>>>>,"
                + " time_id timeuuid, level int,"
                + " raw frozen<tuple<int, frozen<shop.addr>>>, other frozen<shop.\"Other\">,"
                + " others set<frozen<shop.addr>>, counts map<ascii, varint>,"
                + " typed_address frozen<shop.addr>,"
                + " PRIMARY KEY ((shop), id)) WITH CLUSTERING ORDER BY (id ASC)"
                + " AND comment = 'it''s a shop' AND default_time_to_live = 3600"
                + " AND compaction = {'class': 'LeveledCompactionStrategy',"
                + " 'sstable_size_in_mb': '160'} AND gc_grace_seconds = 600");
  }

  @Test
  void should_freeze_collections_that_are_key_columns() {
    assertThat(creator.createTableCql(entity(FrozenKey.class)))
        .isEqualTo(
            "CREATE TABLE IF NOT EXISTS frozen_key (tags frozen<set<text>>,"
                + " \"order\" frozen<list<int>>, PRIMARY KEY ((tags), \"order\"))"
                + " WITH CLUSTERING ORDER BY (\"order\" ASC)");
  }

  @Test
  void should_declare_the_columns_of_embedded_objects_in_the_table() {
    assertThat(creator.createTableCql(entity(Invoice.class)))
        .isEqualTo(
            "CREATE TABLE IF NOT EXISTS invoice (id int, total_cents bigint,"
                + " total_currency text, cents bigint, currency text, PRIMARY KEY ((id)))");
  }

  @Test
  void should_refuse_static_columns_without_clustering_columns_or_in_the_key() {
    assertThatThrownBy(() -> entity(StaticWithoutClustering.class))
        .rootCause()
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("StaticWithoutClustering.x")
        .hasMessageContaining("table with clustering columns");
    assertThatThrownBy(() -> entity(StaticKey.class))
        .rootCause()
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("StaticKey.c")
        .hasMessageContaining("non-key column");
  }

  @Test
  void should_ask_for_the_declared_type_of_raw_tuple_and_udt_values() {
    assertThatThrownBy(() -> creator.createTableCql(entity(RawTuple.class)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("RawTuple.raw is a TupleValue")
        .hasMessageContaining("@CqlType(type = TUPLE");
    assertThatThrownBy(() -> creator.createTableCql(entity(RawUdt.class)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("RawUdt.raw is a UdtValue")
        .hasMessageContaining("userTypeName");
    assertThatThrownBy(() -> creator.createTableCql(entity(TupleWithoutArguments.class)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("needs typeArguments");
    assertThatThrownBy(() -> creator.createTableCql(entity(UdtWithoutName.class)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("needs userTypeName");
    assertThatThrownBy(() -> creator.createTableCql(entity(UdtNameMismatch.class)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("'other'")
        .hasMessageContaining("'addr'")
        .hasMessageContaining("@UserDefinedType(\"other\")");
  }
}
