package io.scyllaboot.spring.repository.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.TestKeyspaceExtension;
import io.scyllaboot.spring.mapping.ClusteringColumn;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.repository.AllowFiltering;
import io.scyllaboot.spring.repository.ScyllaRepository;
import io.scyllaboot.spring.repository.query.DerivedQueryCheck;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.dao.DataAccessException;

/**
 * The start-up check of derived queries knows the table's indexes (read from the node): what the
 * server runs without ALLOW FILTERING starts, what it would scan for is refused.
 */
@ExtendWith(CassandraNodeExtension.class)
class IndexedQueriesIT {
  @RegisterExtension
  static final TestKeyspaceExtension keyspace =
      new TestKeyspaceExtension(
          "indexed",
          "reading (sensor text, day int, seq int, kind text, site text, level int,"
              + " tags set<text>, PRIMARY KEY ((sensor, day), seq))");

  private static ScyllaRepositoryFactory factory;

  @Table
  public record Reading(
      @PartitionKey(0) String sensor,
      @PartitionKey(1) int day,
      @ClusteringColumn int seq,
      String kind,
      String site,
      int level,
      Set<String> tags) {}

  public record ReadingKey(String sensor, int day, int seq) {}

  public interface Readings extends ScyllaRepository<Reading, ReadingKey> {
    List<Reading> findByKind(String kind); // built-in secondary index

    List<Reading> findByLevelGreaterThan(int level); // SAI: ranges too

    List<Reading> findByTagsContaining(String tag); // SAI on values(tags): CONTAINS

    List<Reading> findBySensorAndDayAndKind(String sensor, int day, String kind);

    @AllowFiltering
    List<Reading> findBySite(String site); // accepted scan
  }

  public interface UnindexedColumn extends ScyllaRepository<Reading, ReadingKey> {
    List<Reading> findBySite(String site);
  }

  public interface IndexedAndUnindexed extends ScyllaRepository<Reading, ReadingKey> {
    List<Reading> findByKindAndSite(String kind, String site);
  }

  public interface PartOfThePartitionKey extends ScyllaRepository<Reading, ReadingKey> {
    List<Reading> findBySensorAndSeqGreaterThan(String sensor, int seq);
  }

  public interface RangeOnABuiltInIndex extends ScyllaRepository<Reading, ReadingKey> {
    List<Reading> findByKindGreaterThan(String kind);
  }

  @BeforeAll
  static void open() {
    CqlSession session = keyspace.session();
    session.execute("CREATE INDEX ON reading (kind)");
    session.execute("CREATE INDEX ON reading (level) USING 'sai'");
    session.execute("CREATE INDEX ON reading (values(tags)) USING 'sai'");
    factory = keyspace.repositories(new ScyllaMappingContext(), false);
  }

  @Test
  void should_run_queries_that_indexes_serve_without_allow_filtering() {
    Readings readings = factory.getRepository(Readings.class);
    Reading hot = new Reading("s1", 1, 1, "temp", "north", 30, Set.of("hot", "roof"));
    Reading cold = new Reading("s1", 1, 2, "temp", "south", 5, Set.of("cold"));
    Reading wet = new Reading("s2", 1, 1, "humidity", "north", 80, Set.of("roof"));
    readings.saveAll(List.of(hot, cold, wet));

    assertThat(readings.findByKind("temp")).containsExactlyInAnyOrder(hot, cold);
    assertThat(readings.findByLevelGreaterThan(20)).containsExactlyInAnyOrder(hot, wet);
    assertThat(readings.findByTagsContaining("roof")).containsExactlyInAnyOrder(hot, wet);
    assertThat(readings.findBySensorAndDayAndKind("s1", 1, "temp"))
        .containsExactlyInAnyOrder(hot, cold);
    assertThat(readings.findBySite("north")).containsExactlyInAnyOrder(hot, wet);
  }

  @Table("late_index")
  public record Visit(@PartitionKey String id, String site) {}

  public interface Visits extends ScyllaRepository<Visit, String> {
    List<Visit> findBySite(String site);
  }

  @Test
  void should_start_without_the_index_and_run_the_query_once_the_application_creates_it() {
    CqlSession session = keyspace.session();
    session.execute("CREATE TABLE late_index (id text PRIMARY KEY, site text)");
    // The default check only warns: the repository starts before its index exists.
    Visits visits =
        keyspace.repositories(new ScyllaMappingContext(), false).getRepository(Visits.class);

    // The server's refusal, when the query runs.
    assertThatThrownBy(() -> visits.findBySite("north"))
        .isInstanceOf(DataAccessException.class)
        .hasMessageContaining("ALLOW FILTERING");

    session.execute("CREATE INDEX ON late_index (site)");
    visits.saveAll(List.of(new Visit("a", "north"), new Visit("b", "south")));
    assertThat(visits.findBySite("north")).containsExactly(new Visit("a", "north"));
  }

  @Test
  void should_refuse_at_start_up_what_the_server_would_filter_naming_the_column() {
    // Opt-in: scylla.repositories.derived-query-check=fail.
    ScyllaRepositoryFactory factory = keyspace.repositories(new ScyllaMappingContext(), false);
    factory.setDerivedQueryCheck(DerivedQueryCheck.FAIL);
    assertThatThrownBy(() -> factory.getRepository(UnindexedColumn.class))
        .hasMessageContaining("findBySite")
        .hasMessageContaining("'site'")
        .hasMessageContaining("no index")
        .hasMessageContaining("@AllowFiltering");
    assertThatThrownBy(() -> factory.getRepository(IndexedAndUnindexed.class))
        .hasMessageContaining("findByKindAndSite")
        .hasMessageContaining("'site'");
    assertThatThrownBy(() -> factory.getRepository(PartOfThePartitionKey.class))
        .hasMessageContaining("findBySensorAndSeqGreaterThan")
        .hasMessageContaining("partition key");
    assertThatThrownBy(() -> factory.getRepository(RangeOnABuiltInIndex.class))
        .hasMessageContaining("findByKindGreaterThan")
        .hasMessageContaining("'kind'");
  }
}
