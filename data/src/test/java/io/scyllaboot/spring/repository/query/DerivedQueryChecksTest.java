package io.scyllaboot.spring.repository.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.ClusteringColumn;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.PrimaryKey;
import io.scyllaboot.spring.mapping.PrimaryKeyClass;
import io.scyllaboot.spring.mapping.PrimaryKeyColumn;
import io.scyllaboot.spring.mapping.PrimaryKeyType;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.mapping.UserDefinedType;
import io.scyllaboot.spring.repository.AllowFiltering;
import io.scyllaboot.spring.repository.ScyllaRepository;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.data.projection.SpelAwareProxyProjectionFactory;
import org.springframework.data.repository.core.support.DefaultRepositoryMetadata;
import org.springframework.data.repository.core.support.PropertiesBasedNamedQueries;
import org.springframework.data.repository.query.RepositoryQuery;

/** What the start-up check of derived queries refuses, and the CQL it keeps, with no server. */
class DerivedQueryChecksTest {

  @Table("events")
  record Event(
      @PartitionKey String shop,
      @ClusteringColumn(0) int year,
      @ClusteringColumn(1) int month,
      String name,
      Set<String> tags) {}

  record EventKey(String shop, int year, int month) {}

  interface Events extends ScyllaRepository<Event, EventKey> {
    List<Event> findByShopAndYearAndMonthGreaterThan(String shop, int year, int month);

    List<Event> findByShopAndMonth(String shop, int month);

    List<Event> findByShopAndYearGreaterThanAndMonth(String shop, int year, int month);

    List<Event> findByShopInOrderByYearDesc(List<String> shops);

    List<Event> findByShopOrderByYearDesc(String shop);

    @AllowFiltering
    List<Event> findByShopAndNameIgnoreCase(String shop, String name);

    @AllowFiltering
    List<Event> findByShopAndTagsContaining(String shop, String tag);

    @AllowFiltering
    List<Event> findByShopAndNameContaining(String shop, String part);

    @AllowFiltering
    List<Event> findByName(String name);

    // No index is known and no @AllowFiltering: an index the application creates later serves it.
    List<Event> findByTags(Set<String> tags);
  }

  @PrimaryKeyClass
  record VisitKey(
      @PrimaryKeyColumn(ordinal = 0, type = PrimaryKeyType.PARTITIONED) String shop,
      @PrimaryKeyColumn(ordinal = 1, type = PrimaryKeyType.CLUSTERED) int day) {}

  @UserDefinedType
  record Address(String street, String city) {}

  @Table("visits")
  record Visit(@PrimaryKey VisitKey key, Address address) {}

  interface Visits extends ScyllaRepository<Visit, VisitKey> {
    List<Visit> findByKeyShopAndKeyDayGreaterThan(String shop, int day);

    List<Visit> findByKeyDay(int day);

    List<Visit> findByKeyShopAndAddressCity(String shop, String city);
  }

  private final ScyllaEntityConverter converter =
      new ScyllaEntityConverter(new ScyllaMappingContext());

  private RepositoryQuery resolve(String name) {
    return resolve(Events.class, name);
  }

  private RepositoryQuery resolve(Class<?> repository, String name) {
    return resolve(repository, name, DerivedQueryCheck.WARN);
  }

  /** With {@code scylla.repositories.derived-query-check} as given. */
  private RepositoryQuery resolve(Class<?> repository, String name, DerivedQueryCheck check) {
    Method method =
        Arrays.stream(repository.getDeclaredMethods())
            .filter(m -> m.getName().equals(name))
            .findFirst()
            .orElseThrow();
    ScyllaQueryLookupStrategy strategy =
        new ScyllaQueryLookupStrategy(null, new ScyllaExceptionTranslator(), converter);
    strategy.setDerivedQueryCheck(check);
    return strategy.resolveQuery(
        method,
        new DefaultRepositoryMetadata(repository),
        new SpelAwareProxyProjectionFactory(),
        new PropertiesBasedNamedQueries(new Properties()));
  }

  private String cql(String name) {
    return ((DerivedQuery) resolve(name)).cql();
  }

  @Test
  void should_accept_clustering_columns_restricted_in_order() {
    assertThat(cql("findByShopAndYearAndMonthGreaterThan"))
        .endsWith("WHERE shop = ? AND year = ? AND month > ?");
    assertThat(cql("findByShopOrderByYearDesc")).endsWith("ORDER BY year DESC");
  }

  @Test
  void should_refuse_clustering_columns_restricted_out_of_order_when_asked_to_fail() {
    assertThatThrownBy(() -> resolve(Events.class, "findByShopAndMonth", DerivedQueryCheck.FAIL))
        .hasMessageContaining("findByShopAndMonth")
        .hasMessageContaining("'month' is restricted, but 'year' before it");
    assertThatThrownBy(
            () ->
                resolve(
                    Events.class, "findByShopAndYearGreaterThanAndMonth", DerivedQueryCheck.FAIL))
        .hasMessageContaining("'month' is restricted, but 'year' before it");
  }

  @Test
  void should_refuse_in_on_the_partition_key_with_order_by() {
    assertThatThrownBy(() -> resolve("findByShopInOrderByYearDesc"))
        .hasMessageContaining("findByShopInOrderByYearDesc")
        .hasMessageContaining("ORDER BY with IN on the partition key");
  }

  @Test
  void should_refuse_ignore_case_which_cql_cannot_do() {
    assertThatThrownBy(() -> resolve("findByShopAndNameIgnoreCase"))
        .hasMessageContaining("findByShopAndNameIgnoreCase")
        .hasMessageContaining("CQL cannot compare ignoring case (name)");
  }

  @Test
  void should_use_contains_on_a_set_of_strings_and_like_on_a_text_column() {
    assertThat(cql("findByShopAndTagsContaining"))
        .contains("tags CONTAINS ?")
        .doesNotContain("LIKE");
    assertThat(cql("findByShopAndNameContaining")).contains("name LIKE ?");
  }

  @Test
  void should_check_nested_paths_of_a_key_class_and_refuse_paths_into_a_udt() {
    assertThat(((DerivedQuery) resolve(Visits.class, "findByKeyShopAndKeyDayGreaterThan")).cql())
        .endsWith("WHERE shop = ? AND day > ?");
    assertThatThrownBy(() -> resolve(Visits.class, "findByKeyDay", DerivedQueryCheck.FAIL))
        .hasMessageContaining("Visits.findByKeyDay")
        .hasMessageContaining("ALLOW FILTERING");
    assertThatThrownBy(() -> resolve(Visits.class, "findByKeyShopAndAddressCity"))
        .hasMessageContaining("Visits.findByKeyShopAndAddressCity")
        .hasMessageContaining("'address.city' is not a column of visits");
  }

  @Test
  void should_only_warn_at_start_up_by_default_of_a_query_the_server_would_filter() {
    Logger logger = (Logger) LoggerFactory.getLogger(DerivedQuery.class);
    ListAppender<ILoggingEvent> appender = new ListAppender<>();
    appender.start();
    logger.addAppender(appender);
    try {
      // Sent as derived, without ALLOW FILTERING: the server decides when the query runs.
      assertThat(cql("findByTags")).endsWith("FROM events WHERE tags = ?");
      assertThat(cql("findByShopAndMonth")).endsWith("WHERE shop = ? AND month = ?");
    } finally {
      logger.detachAppender(appender);
    }
    assertThat(appender.list)
        .hasSize(2)
        .allSatisfy(event -> assertThat(event.getLevel()).isEqualTo(Level.WARN))
        .anySatisfy(
            event ->
                assertThat(event.getFormattedMessage())
                    .contains("Events.findByTags")
                    .contains("'tags'")
                    .contains("scylla.repositories.derived-query-check=fail"));
  }

  @Test
  void should_warn_at_start_up_of_an_accepted_scan_naming_the_method_and_the_column() {
    Logger logger = (Logger) LoggerFactory.getLogger(DerivedQuery.class);
    ListAppender<ILoggingEvent> appender = new ListAppender<>();
    appender.start();
    logger.addAppender(appender);
    try {
      assertThat(cql("findByName")).endsWith("WHERE name = ? ALLOW FILTERING");
      assertThat(cql("findByShopAndNameContaining")).endsWith("ALLOW FILTERING");
    } finally {
      logger.detachAppender(appender);
    }
    // The scan of every partition is said; a filter inside one partition is not a scan.
    assertThat(appender.list)
        .singleElement()
        .satisfies(
            event -> {
              assertThat(event.getLevel()).isEqualTo(Level.WARN);
              assertThat(event.getFormattedMessage())
                  .contains("Events.findByName")
                  .contains("reads every partition of events")
                  .contains("name");
            });
  }
}
