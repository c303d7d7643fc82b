package io.scyllaboot.spring.repository.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.testing.CassandraNode;
import io.scyllaboot.driver.testing.CassandraNodeExtension;
import io.scyllaboot.spring.core.admin.ScyllaAdminTemplate;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.Indexed;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.SasiIndexed;
import io.scyllaboot.spring.mapping.SasiIndexed.Analyzer;
import io.scyllaboot.spring.mapping.SasiIndexed.Mode;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.repository.ScyllaRepository;
import io.scyllaboot.spring.repository.query.DerivedQueryCheck;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code @SasiIndexed} on the real node (SASI enabled there): the schema action and the admin API
 * create the indexes, and derived StartingWith/EndingWith/Containing/Like run as bound {@code LIKE}
 * on them without ALLOW FILTERING.
 */
@ExtendWith(CassandraNodeExtension.class)
class SasiLikeQueryIT {
  private static final String KEYSPACE = CassandraNode.uniqueKeyspace("sasi");
  private static CqlSession session;
  private static ScyllaRepositoryFactory factory;
  private static Articles articles;

  @Table("articles")
  public record Article(
      @PartitionKey int id,
      @SasiIndexed(mode = Mode.CONTAINS) String title,
      @SasiIndexed(name = "article_code_prefix") String code,
      @SasiIndexed(analyzer = Analyzer.NON_TOKENIZING, caseSensitive = false) String author,
      @Indexed Set<String> tags) {}

  public interface Articles extends ScyllaRepository<Article, Integer> {
    List<Article> findByTitleStartingWith(String prefix);

    List<Article> findByTitleEndingWith(String suffix);

    List<Article> findByTitleContaining(String part);

    List<Article> findByTitleLike(String pattern);

    List<Article> findByCodeStartingWith(String prefix);

    List<Article> findByAuthorStartingWith(String prefix);

    List<Article> findByTagsContaining(String tag);
  }

  /** A PREFIX index does not serve a suffix: the start-up check refuses it. */
  public interface SuffixOnPrefixIndex extends ScyllaRepository<Article, Integer> {
    List<Article> findByCodeEndingWith(String suffix);
  }

  @Table("authors")
  public record Author(
      @PartitionKey int id,
      @SasiIndexed(
              mode = Mode.CONTAINS,
              analyzer = Analyzer.STANDARD,
              stemming = true,
              normalization = SasiIndexed.Normalization.LOWERCASE)
          String bio) {}

  @BeforeAll
  static void connect() {
    CassandraNode.ensureRunning();
    try (CqlSession admin = CassandraNode.openSession()) {
      CassandraNode.createKeyspace(admin, KEYSPACE);
    }
    session =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withKeyspace(KEYSPACE)
            .withRequestTimeout(Duration.ofSeconds(30))
            .build();
    ScyllaMappingContext context = new ScyllaMappingContext();
    factory =
        new ScyllaRepositoryFactory(
            session,
            new ScyllaExceptionTranslator(),
            new ScyllaEntityConverter(context),
            new SchemaCreator(session, context));
    articles = factory.getRepository(Articles.class);
    articles.saveAll(
        List.of(
            new Article(1, "Tuning Netty event loops", "NET-1", "Ada Lovelace", Set.of("netty")),
            new Article(2, "Paging with Netty", "NET-2", "Grace Hopper", Set.of("netty", "cql")),
            new Article(3, "Why it's fast", "CQL-3", "ada byron", Set.of("cql")),
            new Article(4, "SASI and LIKE", "IDX-4", "Edsger", Set.of())));
  }

  @AfterAll
  static void close() {
    if (session != null) {
      session.execute("DROP KEYSPACE IF EXISTS " + KEYSPACE);
      session.close();
    }
  }

  private static List<Integer> ids(List<Article> found) {
    return found.stream().map(Article::id).sorted().toList();
  }

  @Test
  void should_create_the_sasi_indexes_with_their_mode_and_analyzer_in_system_schema() {
    Map<String, Row> indexes = indexes("articles");
    assertThat(indexes)
        .containsOnlyKeys(
            "articles_title_idx",
            "article_code_prefix",
            "articles_author_idx",
            "articles_tags_idx");
    Map<String, String> title = options(indexes.get("articles_title_idx"));
    assertThat(indexes.get("articles_title_idx").getString("kind")).isEqualTo("CUSTOM");
    assertThat(title)
        .containsEntry("class_name", "org.apache.cassandra.index.sasi.SASIIndex")
        .containsEntry("mode", "CONTAINS")
        .containsEntry("target", "title");
    assertThat(options(indexes.get("article_code_prefix"))).containsEntry("mode", "PREFIX");
    assertThat(options(indexes.get("articles_author_idx")))
        .containsEntry(
            "analyzer_class", "org.apache.cassandra.index.sasi.analyzer.NonTokenizingAnalyzer")
        .containsEntry("case_sensitive", "false");
  }

  @Test
  void should_run_startingWith_endingWith_containing_and_like_on_a_contains_index() {
    assertThat(ids(articles.findByTitleStartingWith("Paging"))).containsExactly(2);
    assertThat(ids(articles.findByTitleEndingWith("LIKE"))).containsExactly(4);
    assertThat(ids(articles.findByTitleContaining("Netty"))).containsExactly(1, 2);
    assertThat(ids(articles.findByTitleLike("%event%"))).containsExactly(1);
    // Bound, never inlined: a quote in the value is just a character.
    assertThat(ids(articles.findByTitleContaining("it's"))).containsExactly(3);
    assertThat(articles.findByTitleContaining("nowhere")).isEmpty();
  }

  @Test
  void should_run_startingWith_on_a_prefix_index_and_case_insensitively_when_analyzed() {
    assertThat(ids(articles.findByCodeStartingWith("NET-"))).containsExactly(1, 2);
    assertThat(ids(articles.findByAuthorStartingWith("ADA"))).containsExactly(1, 3);
  }

  @Test
  void containing_on_a_collection_stays_contains() {
    assertThat(ids(articles.findByTagsContaining("cql"))).containsExactly(2, 3);
  }

  @Test
  void should_refuse_at_start_up_a_suffix_on_a_prefix_index_naming_the_column() {
    // Opt-in (scylla.repositories.derived-query-check=fail); the default only warns.
    factory.setDerivedQueryCheck(DerivedQueryCheck.FAIL);
    try {
      assertThatThrownBy(() -> factory.getRepository(SuffixOnPrefixIndex.class))
          .rootCause()
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("findByCodeEndingWith")
          .hasMessageContaining("column 'code'")
          .hasMessageContaining("ENDING_WITH")
          .hasMessageContaining("ALLOW FILTERING");
    } finally {
      factory.setDerivedQueryCheck(DerivedQueryCheck.WARN);
    }
  }

  @Test
  void should_create_an_entitys_sasi_index_with_the_standard_analyzer_through_the_admin_api() {
    new ScyllaAdminTemplate(session).createTable(true, Author.class);
    Map<String, String> bio = options(indexes("authors").get("authors_bio_idx"));
    assertThat(bio)
        .containsEntry("mode", "CONTAINS")
        .containsEntry(
            "analyzer_class", "org.apache.cassandra.index.sasi.analyzer.StandardAnalyzer")
        .containsEntry("tokenization_enable_stemming", "true")
        .containsEntry("tokenization_normalize_lowercase", "true");
  }

  private static Map<String, String> options(Row index) {
    return index.getMap("options", String.class, String.class);
  }

  private static Map<String, Row> indexes(String table) {
    Map<String, Row> rows = new LinkedHashMap<>();
    for (Row row :
        session.execute(
            "SELECT * FROM system_schema.indexes WHERE keyspace_name = ? AND table_name = ?",
            KEYSPACE,
            table)) {
      rows.put(row.getString("index_name"), row);
    }
    return rows;
  }
}
