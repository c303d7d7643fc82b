package io.scyllaboot.spring.repository.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.TestKeyspaceExtension;
import io.scyllaboot.spring.core.ScyllaTemplate;
import io.scyllaboot.spring.mapping.ClusteringColumn;
import io.scyllaboot.spring.mapping.NamingStrategy;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.ScyllaCustomConversions;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.mapping.UserDefinedType;
import io.scyllaboot.spring.repository.ScyllaRepository;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Names as a Spring Data Cassandra application has them on the node: Java names lower-cased as
 * written ({@code orderDate} is {@code orderdate}), and reserved words ({@code order}, {@code
 * from}, {@code limit}) that every statement and the schema creation must quote.
 */
@ExtendWith(CassandraNodeExtension.class)
class NamesAndReservedWordsIT {
  @RegisterExtension
  static final TestKeyspaceExtension keyspace = new TestKeyspaceExtension("names");

  private static CqlSession session;

  /** Table {@code order}, clustering column {@code limit}, columns {@code from}, orderdate. */
  @Table
  public record Order(
      @PartitionKey String customerId,
      @ClusteringColumn int limit,
      LocalDate orderDate,
      String from,
      Select select) {}

  /** A user-defined type named by a reserved word, with a reserved field name. */
  @UserDefinedType
  public record Select(String where, int orderLines) {}

  public record OrderKey(String customerId, int limit) {}

  public interface Orders extends ScyllaRepository<Order, OrderKey> {
    List<Order> findByCustomerIdAndLimitGreaterThan(String customerId, int limit);
  }

  /** The same class under the snake_case strategy, tables created by schema creation. */
  @Table("\"Order\"")
  public record SnakeOrder(
      @PartitionKey String customerId, @ClusteringColumn int limit, LocalDate orderDate) {}

  public interface SnakeOrders extends ScyllaRepository<SnakeOrder, OrderKey> {
    List<SnakeOrder> findByCustomerIdAndLimitGreaterThan(String customerId, int limit);
  }

  @BeforeAll
  static void open() {
    session = keyspace.session();
  }

  @Test
  void should_use_a_spring_data_cassandra_schema_with_lower_cased_names_and_reserved_words() {
    // As Spring Data Cassandra's schema creation (or its users' scripts) made it.
    session.execute("CREATE TYPE \"select\" (\"where\" text, orderlines int)");
    session.execute(
        "CREATE TABLE \"order\" (customerid text, \"limit\" int, orderdate date, \"from\" text,"
            + " \"select\" frozen<\"select\">, PRIMARY KEY (customerid, \"limit\"))");
    ScyllaMappingContext context =
        new ScyllaMappingContext(
            NamingStrategy.AS_WRITTEN_LOWER_CASE, new ScyllaCustomConversions(List.of()));
    Orders orders = keyspace.repositories(context, false).getRepository(Orders.class);

    Order first = new Order("c1", 1, LocalDate.of(2026, 12, 1), "web", new Select("here", 3));
    Order second = new Order("c1", 2, LocalDate.of(2026, 12, 2), "shop", new Select("there", 1));
    orders.saveAll(List.of(first, second));

    assertThat(orders.findById(new OrderKey("c1", 1))).contains(first);
    assertThat(orders.findByCustomerIdAndLimitGreaterThan("c1", 1)).containsExactly(second);
    assertThat(orders.count()).isEqualTo(2);
    Row row =
        session.execute("SELECT orderdate, \"from\" FROM \"order\" WHERE customerid = 'c1'").one();
    assertThat(row.getObject("orderdate")).isEqualTo(LocalDate.of(2026, 12, 1));
    assertThat(row.getObject("from")).isEqualTo("web");

    ScyllaTemplate template = new ScyllaTemplate(session, new ScyllaEntityConverter(context));
    template.update(new Order("c1", 2, LocalDate.of(2026, 12, 3), "phone", null));
    assertThat(template.selectOneById(second, Order.class).from()).isEqualTo("phone");
    template.delete(first);
    assertThat(template.count(Order.class)).isEqualTo(1);
    orders.deleteAll();
    assertThat(orders.count()).isZero();
  }

  @Test
  void should_create_and_recreate_tables_named_by_reserved_words() {
    ScyllaMappingContext context = new ScyllaMappingContext();
    SnakeOrders orders = keyspace.repositories(context, true).getRepository(SnakeOrders.class);
    SnakeOrder order = new SnakeOrder("c2", 7, LocalDate.of(2026, 1, 2));
    orders.save(order);
    assertThat(orders.findByCustomerIdAndLimitGreaterThan("c2", 6)).containsExactly(order);
    // A quoted name in @Table keeps its case, as in CQL.
    assertThat(context.getRequiredPersistentEntity(SnakeOrder.class).getTableName())
        .isEqualTo("Order");
    Row row =
        session
            .execute("SELECT order_date FROM \"Order\" WHERE customer_id = 'c2' AND \"limit\" = 7")
            .one();
    assertThat(row).isNotNull();

    new SchemaCreator(session, context, SchemaCreator.Action.RECREATE)
        .createIfNotExists(context.getRequiredPersistentEntity(SnakeOrder.class));
    assertThat(orders.count()).isZero();
  }
}
