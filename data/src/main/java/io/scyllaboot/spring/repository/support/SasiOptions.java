package io.scyllaboot.spring.repository.support;

import io.scyllaboot.spring.mapping.SasiIndexed;
import io.scyllaboot.spring.mapping.SasiIndexed.Analyzer;
import io.scyllaboot.spring.mapping.SasiIndexed.Normalization;
import java.util.LinkedHashMap;
import java.util.Map;

/** The {@code WITH OPTIONS} map of a {@code @SasiIndexed} column, as Cassandra's SASI reads it. */
final class SasiOptions {
  private static final String ANALYZERS = "org.apache.cassandra.index.sasi.analyzer.";

  private SasiOptions() {}

  /**
   * The options: the mode, the analyzer's class and settings, then the declared options.
   *
   * @throws IllegalStateException naming {@code where} when an analyzer setting is given without
   *     its analyzer, or an option is not key=value
   */
  static Map<String, String> of(String where, SasiIndexed sasi) {
    Map<String, String> options = new LinkedHashMap<>();
    options.put("mode", sasi.mode().name());
    Analyzer analyzer = sasi.analyzer();
    if (analyzer != Analyzer.STANDARD
        && (!sasi.locale().equals("en") || sasi.stemming() || sasi.skipStopWords())) {
      throw new IllegalStateException(
          where + ": locale, stemming and skipStopWords need analyzer = Analyzer.STANDARD");
    }
    if (analyzer != Analyzer.NON_TOKENIZING && !sasi.caseSensitive()) {
      throw new IllegalStateException(
          where + ": caseSensitive = false needs analyzer = Analyzer.NON_TOKENIZING");
    }
    if (analyzer == Analyzer.NONE && sasi.normalization() != Normalization.NONE) {
      throw new IllegalStateException(
          where + ": a normalization needs analyzer = Analyzer.STANDARD or NON_TOKENIZING");
    }
    switch (analyzer) {
      case STANDARD -> {
        options.put("analyzer_class", ANALYZERS + "StandardAnalyzer");
        options.put("tokenization_locale", sasi.locale());
        options.put("tokenization_enable_stemming", String.valueOf(sasi.stemming()));
        options.put("tokenization_skip_stop_words", String.valueOf(sasi.skipStopWords()));
        normalization(options, "tokenization_normalize_", sasi.normalization());
      }
      case NON_TOKENIZING -> {
        options.put("analyzer_class", ANALYZERS + "NonTokenizingAnalyzer");
        options.put("case_sensitive", String.valueOf(sasi.caseSensitive()));
        normalization(options, "normalize_", sasi.normalization());
      }
      case NONE -> {}
    }
    SchemaIndexes.putOptions(options, where, sasi.options());
    return options;
  }

  private static void normalization(
      Map<String, String> options, String prefix, Normalization normalization) {
    if (normalization != Normalization.NONE) {
      options.put(prefix + normalization.name().toLowerCase(java.util.Locale.ROOT), "true");
    }
  }
}
