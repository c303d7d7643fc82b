package io.scyllaboot.migration;

import static org.openrewrite.java.Assertions.java;

import org.junit.jupiter.api.Test;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

/** Spring Data Cassandra's {@code @SASI} and analyzer annotations become {@code @SasiIndexed}. */
class SasiMigrationTest implements RewriteTest {

  @Override
  public void defaults(RecipeSpec spec) {
    RecipeSpecs.migration(spec);
  }

  @Test
  void mapsSasiModeNameAndAnalyzersToSasiIndexed() {
    rewriteRun(
        java(
            """
            import org.springframework.data.cassandra.core.mapping.SASI;
            import org.springframework.data.cassandra.core.mapping.SASI.IndexMode;
            import org.springframework.data.cassandra.core.mapping.SASI.Normalization;
            import org.springframework.data.cassandra.core.mapping.Table;

            @Table
            class Article {
              @SASI String code;

              @SASI(value = "by_title", indexMode = SASI.IndexMode.CONTAINS)
              @SASI.StandardAnalyzed(locale = "de", enableStemming = true, normalization = Normalization.LOWERCASE)
              String title;

              @SASI.NonTokenizingAnalyzed(caseSensitive = false)
              @SASI(indexMode = IndexMode.PREFIX)
              String author;
            }
            """,
            """
            import io.scyllaboot.spring.mapping.SasiIndexed;
            import io.scyllaboot.spring.mapping.Table;

            @Table
            class Article {
              @SasiIndexed String code;

              @SasiIndexed(name = "by_title", mode = SasiIndexed.Mode.CONTAINS, locale = "de", stemming = true, normalization = SasiIndexed.Normalization.LOWERCASE, analyzer = SasiIndexed.Analyzer.STANDARD)
              String title;

              @SasiIndexed(mode = SasiIndexed.Mode.PREFIX, caseSensitive = false, analyzer = SasiIndexed.Analyzer.NON_TOKENIZING)
              String author;
            }
            """));
  }

  @Test
  void marksASasiWhoseAttributeItCannotRead() {
    rewriteRun(
        CompiledAfter.doesNotCompile(
            "the marked @SASI stays: its attribute cannot be read into @SasiIndexed",
            "org.springframework.data.cassandra.core.mapping",
            "SASI"),
        java(
            """
            import org.springframework.data.cassandra.core.mapping.SASI;

            class Article {
              static final SASI.IndexMode MODE = SASI.IndexMode.CONTAINS;

              @SASI(indexMode = MODE) String title;
            }
            """,
            """
            /*~~(Scylla Boot: no counterpart of SASI (use @SasiIndexed (name, mode and analyzer settings as its attributes); see the Scylla Boot manual, Coming from Spring Data Cassandra))~~>*/import org.springframework.data.cassandra.core.mapping.SASI;

            class Article {
              static final SASI.IndexMode MODE = SASI.IndexMode.CONTAINS;

              /*~~(Scylla Boot: no counterpart of SASI (use @SasiIndexed (name, mode and analyzer settings as its attributes); see the Scylla Boot manual, Coming from Spring Data Cassandra))~~>*/@SASI(indexMode = MODE) String title;
            }
            """));
  }
}
