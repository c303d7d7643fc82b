package io.scyllaboot.spring.repository.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.TestKeyspaceExtension;
import io.scyllaboot.spring.core.ScyllaTemplate;
import io.scyllaboot.spring.mapping.Column;
import io.scyllaboot.spring.mapping.NamingStrategy;
import io.scyllaboot.spring.mapping.PrimaryKeyColumn;
import io.scyllaboot.spring.mapping.PrimaryKeyType;
import io.scyllaboot.spring.mapping.ScyllaCustomConversions;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.repository.ScyllaRepository;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Explicit mixed-case names ({@code @Table("OrderHistory")}, {@code @Column("zipCode")}) are
 * case-sensitive, as in Spring Data Cassandra 3.4.2 and later: the schema action creates (and a
 * migrated application keeps using) the table its Spring Data Cassandra version created, not a new
 * empty {@code orderhistory}.
 */
@ExtendWith(CassandraNodeExtension.class)
class MixedCaseNamesIT {
  @RegisterExtension
  static final TestKeyspaceExtension keyspace = new TestKeyspaceExtension("mixedcase");

  @Table("OrderHistory")
  public record History(
      @PrimaryKeyColumn(value = "customerId", type = PrimaryKeyType.PARTITIONED) String customerId,
      @PrimaryKeyColumn(value = "orderId", ordinal = 0) int orderId,
      @Column("zipCode") String zip,
      String city) {}

  public interface Histories extends ScyllaRepository<History, HistoryKey> {
    List<History> findByCustomerId(String customerId);
  }

  public record HistoryKey(String customerId, int orderId) {}

  @Test
  void should_create_and_use_the_case_sensitive_table_and_columns() {
    CqlSession session = keyspace.session();
    ScyllaMappingContext context =
        new ScyllaMappingContext(
            NamingStrategy.AS_WRITTEN_LOWER_CASE, new ScyllaCustomConversions(List.of()));
    Histories histories = keyspace.repositories(context, true).getRepository(Histories.class);

    List<String> tables =
        session
            .execute(
                "SELECT table_name FROM system_schema.tables WHERE keyspace_name = ?",
                keyspace.name())
            .all()
            .stream()
            .map(row -> row.getString("table_name"))
            .toList();
    assertThat(tables).containsExactly("OrderHistory");
    assertThat(
            session
                .execute(
                    "SELECT column_name FROM system_schema.columns"
                        + " WHERE keyspace_name = ? AND table_name = 'OrderHistory'",
                    keyspace.name())
                .all()
                .stream()
                .map(row -> row.getString("column_name"))
                .collect(Collectors.toSet()))
        .containsExactlyInAnyOrder("customerId", "orderId", "zipCode", "city");

    History first = new History("c1", 1, "10115", "Berlin");
    histories.save(first);
    ScyllaTemplate template = new ScyllaTemplate(session, new ScyllaEntityConverter(context));
    template.insert(new History("c1", 2, "75001", "Paris"));

    // What the application wrote is in the quoted table and columns.
    Row row =
        session
            .execute(
                "SELECT \"zipCode\", city FROM \"OrderHistory\""
                    + " WHERE \"customerId\" = 'c1' AND \"orderId\" = 2")
            .one();
    assertThat(row.getString("zipCode")).isEqualTo("75001");
    assertThat(histories.findByCustomerId("c1"))
        .containsExactly(first, new History("c1", 2, "75001", "Paris"));
    assertThat(template.selectOneById(new HistoryKey("c1", 1), History.class)).isEqualTo(first);
  }

  @Test
  void should_read_a_table_spring_data_cassandra_created_with_quoted_names() {
    CqlSession session = keyspace.session();
    session.execute(
        "CREATE TABLE \"Invoice\" (\"invoiceId\" text PRIMARY KEY, \"totalCents\" bigint)");
    session.execute("INSERT INTO \"Invoice\" (\"invoiceId\", \"totalCents\") VALUES ('i1', 1250)");
    ScyllaMappingContext context = new ScyllaMappingContext();
    ScyllaTemplate template = new ScyllaTemplate(session, new ScyllaEntityConverter(context));
    new SchemaCreator(session, context).createIfNotExists(List.<Class<?>>of(Invoice.class));

    assertThat(template.selectOneById("i1", Invoice.class)).isEqualTo(new Invoice("i1", 1250));
    assertThat(
            session
                .execute(
                    "SELECT count(*) FROM system_schema.tables WHERE keyspace_name = ?"
                        + " AND table_name = 'invoice'",
                    keyspace.name())
                .one()
                .getLong(0))
        .isZero();
  }

  @Table("Invoice")
  public record Invoice(
      @PrimaryKeyColumn(value = "invoiceId", type = PrimaryKeyType.PARTITIONED) String id,
      @Column("totalCents") long total) {}
}
