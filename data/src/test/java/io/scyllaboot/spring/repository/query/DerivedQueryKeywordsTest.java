package io.scyllaboot.spring.repository.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.BoundStatement;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.ClusteringColumn;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.repository.AllowFiltering;
import io.scyllaboot.spring.repository.Query;
import io.scyllaboot.spring.repository.ScyllaRepository;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.springframework.data.projection.SpelAwareProxyProjectionFactory;
import org.springframework.data.repository.core.support.DefaultRepositoryMetadata;
import org.springframework.data.repository.core.support.PropertiesBasedNamedQueries;
import org.springframework.data.repository.query.RepositoryQuery;

/** Derived keywords and @Query attributes as resolved at start-up, with no server. */
class DerivedQueryKeywordsTest {

  @Table("items")
  record Item(@PartitionKey String shop, @ClusteringColumn int seq, String name, boolean active) {}

  record ItemKey(String shop, int seq) {}

  interface Items extends ScyllaRepository<Item, ItemKey> {
    List<Item> findByShopAndSeqBetween(String shop, int from, int to);

    @AllowFiltering
    List<Item> findByShopAndNameStartingWith(String shop, String prefix);

    List<Item> streamByShopAndNameStartingWith(String shop, String prefix);

    @AllowFiltering
    List<Item> findByShopAndNameContaining(String shop, String part);

    @AllowFiltering
    List<Item> findByShopAndNameEndingWith(String shop, String suffix);

    @AllowFiltering
    List<Item> findByShopAndNameLike(String shop, String pattern);

    @AllowFiltering
    List<Item> findByShopAndActiveTrue(String shop);

    @AllowFiltering
    long countByShopAndActiveFalse(String shop);

    @Query(value = "SELECT shop FROM items WHERE shop = ?0", count = true)
    long countRowsWithCql(String shop);

    @Query(value = "SELECT shop FROM items WHERE shop = ?0 LIMIT 1", exists = true)
    boolean existsWithCql(String shop);

    @Query(value = "SELECT * FROM items WHERE shop = ?0", idempotent = Query.Idempotency.IDEMPOTENT)
    List<Item> idempotentCql(String shop);

    @Query(value = "SELECT * FROM items WHERE shop = ?0", count = true)
    List<Item> countReturningList(String shop);

    @Query(value = "SELECT * FROM items WHERE shop = ?0", exists = true, count = true)
    boolean countAndExists(String shop);
  }

  private final ScyllaEntityConverter converter =
      new ScyllaEntityConverter(new ScyllaMappingContext());

  private RepositoryQuery resolve(String name, CqlSession session) {
    Method method =
        Arrays.stream(Items.class.getDeclaredMethods())
            .filter(m -> m.getName().equals(name))
            .findFirst()
            .orElseThrow();
    ScyllaQueryLookupStrategy strategy =
        new ScyllaQueryLookupStrategy(session, new ScyllaExceptionTranslator(), converter);
    // These tests read the start-up check's verdict: fail instead of the default warning.
    strategy.setDerivedQueryCheck(DerivedQueryCheck.FAIL);
    return strategy.resolveQuery(
        method,
        new DefaultRepositoryMetadata(Items.class),
        new SpelAwareProxyProjectionFactory(),
        new PropertiesBasedNamedQueries(new Properties()));
  }

  private String cql(String name) {
    return ((DerivedQuery) resolve(name, null)).cql();
  }

  @Test
  void between_isExclusiveOnBothBounds() {
    assertThat(cql("findByShopAndSeqBetween"))
        .endsWith("FROM items WHERE shop = ? AND seq > ? AND seq < ?");
  }

  @Test
  void startingWith_isALike_andNeedsAllowFilteringOnAColumnOutsideTheKey() {
    assertThat(cql("findByShopAndNameStartingWith"))
        .endsWith("WHERE shop = ? AND name LIKE ? ALLOW FILTERING");
    assertThatThrownBy(() -> resolve("streamByShopAndNameStartingWith", null))
        .hasMessageContaining("streamByShopAndNameStartingWith")
        .hasMessageContaining("column 'name' is not part of the primary key");
  }

  @Test
  void containingEndingWithAndLike_onAStringColumn_areLikes() {
    assertThat(cql("findByShopAndNameContaining"))
        .endsWith("WHERE shop = ? AND name LIKE ? ALLOW FILTERING");
    assertThat(cql("findByShopAndNameEndingWith"))
        .endsWith("WHERE shop = ? AND name LIKE ? ALLOW FILTERING");
    assertThat(cql("findByShopAndNameLike"))
        .endsWith("WHERE shop = ? AND name LIKE ? ALLOW FILTERING");
  }

  @Test
  void likeFamily_bindsThePatternItMeans() {
    CqlSession session = Mockito.mock(CqlSession.class, Mockito.RETURNS_DEEP_STUBS);
    PreparedStatement prepared = Mockito.mock(PreparedStatement.class, Mockito.RETURNS_DEEP_STUBS);
    Mockito.when(session.prepare(Mockito.anyString())).thenReturn(prepared);
    resolve("findByShopAndNameContaining", session).execute(new Object[] {"s1", "ol"});
    resolve("findByShopAndNameEndingWith", session).execute(new Object[] {"s1", "-3"});
    resolve("findByShopAndNameLike", session).execute(new Object[] {"s1", "b%t"});
    Mockito.verify(prepared).bind(new Object[] {"s1", "%ol%"});
    Mockito.verify(prepared).bind(new Object[] {"s1", "%-3"});
    Mockito.verify(prepared).bind(new Object[] {"s1", "b%t"});
  }

  @Test
  void trueAndFalse_areLiteralsWithNoParameter() {
    assertThat(cql("findByShopAndActiveTrue"))
        .endsWith("WHERE shop = ? AND active = true ALLOW FILTERING");
    assertThat(cql("countByShopAndActiveFalse"))
        .isEqualTo("SELECT COUNT(*) FROM items WHERE shop = ? AND active = false ALLOW FILTERING");
  }

  @Test
  void startingWith_bindsThePrefixFollowedByAPercentSign() {
    CqlSession session = Mockito.mock(CqlSession.class, Mockito.RETURNS_DEEP_STUBS);
    PreparedStatement prepared = Mockito.mock(PreparedStatement.class, Mockito.RETURNS_DEEP_STUBS);
    Mockito.when(session.prepare(Mockito.anyString())).thenReturn(prepared);
    resolve("findByShopAndNameStartingWith", session).execute(new Object[] {"s1", "bol"});
    Mockito.verify(prepared).bind(new Object[] {"s1", "bol%"});
  }

  @Test
  void queryIdempotent_marksTheStatement() {
    CqlSession session = Mockito.mock(CqlSession.class, Mockito.RETURNS_DEEP_STUBS);
    PreparedStatement prepared = Mockito.mock(PreparedStatement.class);
    BoundStatement bound = Mockito.mock(BoundStatement.class, Mockito.RETURNS_DEEP_STUBS);
    Mockito.when(session.prepare(Mockito.anyString())).thenReturn(prepared);
    Mockito.when(prepared.bind(Mockito.any(Object[].class))).thenReturn(bound);
    resolve("idempotentCql", session).execute(new Object[] {"s1"});
    Mockito.verify(bound).withIdempotent(true);

    Mockito.clearInvocations(bound);
    resolve("existsWithCql", session).execute(new Object[] {"s1"});
    Mockito.verify(bound, Mockito.never()).withIdempotent(Mockito.anyBoolean());
  }

  @Test
  void queryCountAndExists_needAFittingReturnType_atStartUp() {
    assertThatThrownBy(() -> resolve("countReturningList", null))
        .hasMessageContaining("countReturningList")
        .hasMessageContaining("returns long or int");
    assertThatThrownBy(() -> resolve("countAndExists", null))
        .hasMessageContaining("cannot be both count and exists");
    assertThat(resolve("countRowsWithCql", null)).isInstanceOf(AnnotatedQuery.class);
  }
}
