package io.scyllaboot.spring.repository.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.repository.AllowFiltering;
import io.scyllaboot.spring.repository.Query;
import io.scyllaboot.spring.repository.ScyllaRepository;
import io.scyllaboot.spring.repository.it.Reading;
import io.scyllaboot.spring.repository.it.ReadingKey;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.springframework.data.annotation.Id;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Sort;
import org.springframework.data.projection.SpelAwareProxyProjectionFactory;
import org.springframework.data.repository.core.support.DefaultRepositoryMetadata;
import org.springframework.data.repository.core.support.PropertiesBasedNamedQueries;
import org.springframework.data.repository.query.RepositoryQuery;

/** Query methods as resolved at start-up, with no server: what is refused, and the CQL. */
class QueryMethodStartupTest {

  interface Readings extends ScyllaRepository<Reading, ReadingKey> {
    Page<Reading> findBySensorAndDay(String sensor, int day, Pageable pageable);

    Slice<Reading> findBySensorAndDayAndSeqGreaterThan(
        String sensor, int day, int seq, Pageable pageable);

    List<Reading> findBySensorAndDayOrderBySeqAsc(String sensor, int day, Sort sort);

    List<Reading> findBySensorAndDayAndSeqLessThan(String sensor, int day, int seq, Sort sort);

    List<Reading> findTop10BySensorAndDay(String sensor, int day, Limit limit);

    @AllowFiltering
    long countByStatusIn(List<Reading.Status> statuses);

    @Query("SELECT COUNT(*) FROM readings WHERE status IN ?0 ALLOW FILTERING")
    long countWithCql(Set<Reading.Status> statuses);

    @Query("SELECT * FROM readings WHERE sensor = ?0 AND day = ?1")
    List<Reading> sortedCql(String sensor, int day, Sort sort);

    @Query("SELECT * FROM readings WHERE sensor = ?0 AND day = ?1")
    Page<Reading> pagedCql(String sensor, int day, Pageable pageable);
  }

  @Table
  record Account(@Id UUID id, String name) {}

  interface Accounts extends ScyllaRepository<Account, UUID> {
    Optional<Account> findOneById(UUID id);

    List<Account> findByIdIn(List<UUID> ids);

    long countById(UUID id);
  }

  private final ScyllaEntityConverter converter =
      new ScyllaEntityConverter(new ScyllaMappingContext());
  private final ScyllaQueryLookupStrategy strategy =
      new ScyllaQueryLookupStrategy(null, new ScyllaExceptionTranslator(), converter);

  private RepositoryQuery resolve(String name) {
    return resolve(Readings.class, name);
  }

  private RepositoryQuery resolve(Class<?> repository, String name) {
    Method method =
        Arrays.stream(repository.getDeclaredMethods())
            .filter(m -> m.getName().equals(name))
            .findFirst()
            .orElseThrow();
    return strategy.resolveQuery(
        method,
        new DefaultRepositoryMetadata(repository),
        new SpelAwareProxyProjectionFactory(),
        new PropertiesBasedNamedQueries(new Properties()));
  }

  @Test
  void should_refuse_a_page_at_start_up_and_say_use_slice() {
    assertThatThrownBy(() -> resolve("findBySensorAndDay"))
        .hasMessageContaining("findBySensorAndDay")
        .hasMessageContaining("use Slice");
    assertThatThrownBy(() -> resolve("pagedCql"))
        .hasMessageContaining("pagedCql")
        .hasMessageContaining("use Slice");
  }

  @Test
  void should_order_by_a_sort_parameter_after_the_method_name_order() {
    DerivedQuery query = (DerivedQuery) resolve("findBySensorAndDayOrderBySeqAsc");
    assertThat(query.cqlFor(new Object[] {"s", 1, Sort.unsorted()}))
        .endsWith("WHERE sensor = ? AND day = ? ORDER BY seq ASC");
    DerivedQuery sorted = (DerivedQuery) resolve("findBySensorAndDayAndSeqLessThan");
    assertThat(sorted.cqlFor(new Object[] {"s", 1, 5, Sort.by(Sort.Order.desc("seq"))}))
        .endsWith("AND seq < ? ORDER BY seq DESC");
  }

  @Test
  void should_refuse_a_sort_on_a_column_that_is_not_clustering() {
    DerivedQuery query = (DerivedQuery) resolve("findBySensorAndDayAndSeqLessThan");
    assertThatThrownBy(() -> query.cqlFor(new Object[] {"s", 1, 5, Sort.by("value")}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("findBySensorAndDayAndSeqLessThan")
        .hasMessageContaining("'value' is not one");
  }

  @Test
  void should_order_a_slice_by_its_pageable_sort() {
    DerivedQuery query = (DerivedQuery) resolve("findBySensorAndDayAndSeqGreaterThan");
    assertThat(query.cqlFor(new Object[] {"s", 1, 5, PageRequest.of(0, 10, Sort.by("seq"))}))
        .endsWith("AND seq > ? ORDER BY seq ASC");
  }

  @Test
  void should_apply_the_smaller_of_the_method_name_limit_and_the_limit_parameter() {
    DerivedQuery query = (DerivedQuery) resolve("findTop10BySensorAndDay");
    assertThat(query.cqlFor(new Object[] {"s", 1, Limit.of(3)})).endsWith(" LIMIT 3");
    assertThat(query.cqlFor(new Object[] {"s", 1, Limit.of(30)})).endsWith(" LIMIT 10");
    assertThat(query.cqlFor(new Object[] {"s", 1, Limit.unlimited()})).endsWith(" LIMIT 10");
  }

  @Test
  void should_refuse_a_sort_parameter_on_a_cql_query_at_start_up() {
    assertThatThrownBy(() -> resolve("sortedCql"))
        .hasMessageContaining("sortedCql")
        .hasMessageContaining("ORDER BY");
  }

  @Test
  void should_query_an_entity_keyed_by_id_alone_by_its_id_without_filtering() {
    assertThat(((DerivedQuery) resolve(Accounts.class, "findOneById")).cql())
        .endsWith("FROM account WHERE id = ?");
    assertThat(((DerivedQuery) resolve(Accounts.class, "findByIdIn")).cql())
        .endsWith("FROM account WHERE id IN ?");
    assertThat(((DerivedQuery) resolve(Accounts.class, "countById")).cql())
        .isEqualTo("SELECT COUNT(*) FROM account WHERE id = ?");
  }

  @Test
  void should_bind_collections_of_enums_as_names() {
    CqlSession session = Mockito.mock(CqlSession.class, Mockito.RETURNS_DEEP_STUBS);
    PreparedStatement prepared = Mockito.mock(PreparedStatement.class, Mockito.RETURNS_DEEP_STUBS);
    Mockito.when(session.prepare(Mockito.anyString())).thenReturn(prepared);
    ScyllaQueryLookupStrategy bound =
        new ScyllaQueryLookupStrategy(session, new ScyllaExceptionTranslator(), converter);
    for (String name : List.of("countByStatusIn", "countWithCql")) {
      Method method =
          Arrays.stream(Readings.class.getDeclaredMethods())
              .filter(m -> m.getName().equals(name))
              .findFirst()
              .orElseThrow();
      Object statuses =
          name.equals("countWithCql")
              ? Set.of(Reading.Status.FAULT)
              : List.of(Reading.Status.FAULT);
      bound
          .resolveQuery(
              method,
              new DefaultRepositoryMetadata(Readings.class),
              new SpelAwareProxyProjectionFactory(),
              new PropertiesBasedNamedQueries(new Properties()))
          .execute(new Object[] {statuses});
    }
    Mockito.verify(prepared).bind(new Object[] {List.of("FAULT")});
    Mockito.verify(prepared).bind(new Object[] {Set.of("FAULT")});
  }
}
