package io.scyllaboot.spring.repository.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.TestKeyspaceExtension;
import io.scyllaboot.spring.core.ScyllaTemplate;
import io.scyllaboot.spring.mapping.NamingStrategy;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.ScyllaCustomConversions;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.mapping.UserDefinedType;
import io.scyllaboot.spring.reactive.ReactiveScyllaTemplate;
import io.scyllaboot.spring.repository.ScyllaRepository;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.core.convert.converter.Converter;
import org.springframework.data.convert.ReadingConverter;
import org.springframework.data.convert.WritingConverter;

/**
 * {@code recreate} (schema action {@link SchemaCreator.Action#RECREATE}) on the real node, for what
 * it once got wrong: an entity whose id is a value object with a custom converter (its column
 * created as the converted type, its key bound converted by repositories and both templates), and
 * the user-defined types of an entity in another keyspace ({@code @Table(keyspace)}), dropped and
 * created in that keyspace.
 */
@ExtendWith(CassandraNodeExtension.class)
class RecreateSchemaIT {
  @RegisterExtension
  static final TestKeyspaceExtension keyspace = new TestKeyspaceExtension("recreate_schema");

  static final String OTHER_KEYSPACE = "scyllaboot_recreate_other";

  public record OrderId(String value) {}

  @Table
  public record PurchaseOrder(@PartitionKey OrderId id, String customer) {}

  public interface PurchaseOrders extends ScyllaRepository<PurchaseOrder, OrderId> {}

  @UserDefinedType("depot_address")
  public record Address(String street, String city) {}

  @Table(value = "depots", keyspace = OTHER_KEYSPACE)
  public record Depot(@PartitionKey String id, Address address) {}

  @WritingConverter
  static final class OrderIdToString implements Converter<OrderId, String> {
    @Override
    public String convert(OrderId id) {
      return "order-" + id.value();
    }
  }

  @ReadingConverter
  static final class StringToOrderId implements Converter<String, OrderId> {
    @Override
    public OrderId convert(String text) {
      return new OrderId(text.substring("order-".length()));
    }
  }

  private static CqlSession session;
  private static ScyllaMappingContext context;

  @BeforeAll
  static void connect() {
    session = keyspace.session();
    session
        .execute(
            "CREATE KEYSPACE IF NOT EXISTS "
                + OTHER_KEYSPACE
                + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}")
        .close();
    context =
        new ScyllaMappingContext(
            NamingStrategy.SNAKE_CASE,
            new ScyllaCustomConversions(List.of(new OrderIdToString(), new StringToOrderId())));
  }

  @AfterAll
  static void dropOtherKeyspace() {
    session.execute("DROP KEYSPACE IF EXISTS " + OTHER_KEYSPACE).close();
  }

  private static SchemaCreator recreating() {
    return new SchemaCreator(session, context, SchemaCreator.Action.RECREATE);
  }

  @Test
  void should_recreate_and_use_a_table_keyed_by_a_converted_value_object() {
    ScyllaEntityConverter converter = new ScyllaEntityConverter(context);
    ScyllaTemplate template = new ScyllaTemplate(session, converter);
    PurchaseOrders orders =
        new ScyllaRepositoryFactory(template, recreating()).getRepository(PurchaseOrders.class);
    orders.save(new PurchaseOrder(new OrderId("7"), "Ada"));
    // A second start-up recreates the table: the row is gone, the repository works.
    PurchaseOrders again =
        new ScyllaRepositoryFactory(template, recreating()).getRepository(PurchaseOrders.class);
    assertThat(again.count()).isZero();

    again.save(new PurchaseOrder(new OrderId("8"), "Bob"));
    try (ResultSet rows = session.execute("SELECT id FROM purchase_order")) {
      assertThat(rows.one().getString("id")).isEqualTo("order-8");
    }
    assertThat(again.findById(new OrderId("8")))
        .contains(new PurchaseOrder(new OrderId("8"), "Bob"));
    assertThat(template.selectOneById(new OrderId("8"), PurchaseOrder.class).customer())
        .isEqualTo("Bob");
    assertThat(
            new ReactiveScyllaTemplate(session, converter)
                .selectOneById(new OrderId("8"), PurchaseOrder.class)
                .block())
        .isEqualTo(new PurchaseOrder(new OrderId("8"), "Bob"));
    again.deleteById(new OrderId("8"));
    assertThat(again.existsById(new OrderId("8"))).isFalse();
  }

  @Test
  void should_drop_and_create_the_types_of_another_keyspaces_table_in_that_keyspace() {
    ScyllaTemplate template = new ScyllaTemplate(session, new ScyllaEntityConverter(context));
    recreating().createIfNotExists(context.getRequiredPersistentEntity(Depot.class));
    template.insert(new Depot("d1", new Address("Main St", "Lyon")));
    // Recreated: dropping the type unqualified would fail (or miss it) in the session's keyspace.
    recreating().createIfNotExists(context.getRequiredPersistentEntity(Depot.class));

    assertThat(template.count(Depot.class)).isZero();
    assertThat(typesOf(keyspace.name())).doesNotContain("depot_address");
    assertThat(typesOf(OTHER_KEYSPACE)).containsExactly("depot_address");
    template.insert(new Depot("d2", new Address("Quay", "Nantes")));
    assertThat(template.selectOneById("d2", Depot.class).address().city()).isEqualTo("Nantes");
  }

  private static List<String> typesOf(String keyspaceName) {
    List<String> names = new ArrayList<>();
    try (ResultSet rows =
        session.execute(
            "SELECT type_name FROM system_schema.types WHERE keyspace_name = ?", keyspaceName)) {
      for (Row row : rows) {
        names.add(row.getString("type_name"));
      }
    }
    return names;
  }
}
