package io.scyllaboot.spring.repository.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.SasiIndexed;
import io.scyllaboot.spring.mapping.SasiIndexed.Analyzer;
import io.scyllaboot.spring.mapping.SasiIndexed.Mode;
import io.scyllaboot.spring.mapping.SasiIndexed.Normalization;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.Table;
import org.junit.jupiter.api.Test;

/** The CQL that schema creation sends for {@code @SasiIndexed} columns (no server). */
class SasiSchemaTest {
  private final ScyllaMappingContext context = new ScyllaMappingContext();

  @Table(keyspace = "shop")
  record Article(
      @PartitionKey int id,
      @SasiIndexed String code,
      @SasiIndexed(name = "by_title", mode = Mode.CONTAINS) String title,
      @SasiIndexed(
              mode = Mode.CONTAINS,
              analyzer = Analyzer.STANDARD,
              locale = "de",
              stemming = true,
              skipStopWords = true,
              normalization = Normalization.LOWERCASE)
          String body,
      @SasiIndexed(
              analyzer = Analyzer.NON_TOKENIZING,
              caseSensitive = false,
              normalization = Normalization.UPPERCASE,
              options = "max_compaction_flush_memory_in_mb = 64")
          String author,
      @SasiIndexed(mode = Mode.SPARSE) long created) {}

  @Table
  record CaseWithoutAnalyzer(@PartitionKey int id, @SasiIndexed(caseSensitive = false) String a) {}

  @Table
  record StemmingWithoutStandard(
      @PartitionKey int id,
      @SasiIndexed(analyzer = Analyzer.NON_TOKENIZING, stemming = true) String a) {}

  @Table
  record NormalizedAsIs(
      @PartitionKey int id, @SasiIndexed(normalization = Normalization.LOWERCASE) String a) {}

  @Table
  record BadOption(@PartitionKey int id, @SasiIndexed(options = "mode") String a) {}

  private java.util.List<String> indexes(Class<?> type) {
    return SchemaIndexes.createIndexCql(context.getRequiredPersistentEntity(type));
  }

  @Test
  void should_create_sasi_indexes_with_mode_and_analyzer_options() {
    String sasi = " USING 'org.apache.cassandra.index.sasi.SASIIndex' WITH OPTIONS = {";
    String analyzers = "'org.apache.cassandra.index.sasi.analyzer.";
    assertThat(indexes(Article.class))
        .containsExactly(
            "CREATE CUSTOM INDEX IF NOT EXISTS article_code_idx ON shop.article (code)"
                + sasi
                + "'mode': 'PREFIX'}",
            "CREATE CUSTOM INDEX IF NOT EXISTS by_title ON shop.article (title)"
                + sasi
                + "'mode': 'CONTAINS'}",
            "CREATE CUSTOM INDEX IF NOT EXISTS article_body_idx ON shop.article (body)"
                + sasi
                + "'mode': 'CONTAINS', 'analyzer_class': "
                + analyzers
                + "StandardAnalyzer', 'tokenization_locale': 'de',"
                + " 'tokenization_enable_stemming': 'true', 'tokenization_skip_stop_words': 'true',"
                + " 'tokenization_normalize_lowercase': 'true'}",
            "CREATE CUSTOM INDEX IF NOT EXISTS article_author_idx ON shop.article (author)"
                + sasi
                + "'mode': 'PREFIX', 'analyzer_class': "
                + analyzers
                + "NonTokenizingAnalyzer', 'case_sensitive': 'false', 'normalize_uppercase':"
                + " 'true', 'max_compaction_flush_memory_in_mb': '64'}",
            "CREATE CUSTOM INDEX IF NOT EXISTS article_created_idx ON shop.article (created)"
                + sasi
                + "'mode': 'SPARSE'}");
  }

  @Test
  void should_name_the_property_whose_analyzer_settings_lack_their_analyzer() {
    assertThatThrownBy(() -> indexes(CaseWithoutAnalyzer.class))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("@SasiIndexed on CaseWithoutAnalyzer.a")
        .hasMessageContaining("caseSensitive = false needs analyzer = Analyzer.NON_TOKENIZING");
    assertThatThrownBy(() -> indexes(StemmingWithoutStandard.class))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("StemmingWithoutStandard.a")
        .hasMessageContaining("need analyzer = Analyzer.STANDARD");
    assertThatThrownBy(() -> indexes(NormalizedAsIs.class))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("NormalizedAsIs.a")
        .hasMessageContaining("a normalization needs");
    assertThatThrownBy(() -> indexes(BadOption.class))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("@SasiIndexed on BadOption.a")
        .hasMessageContaining("'mode' is not of the form key=value");
  }
}
