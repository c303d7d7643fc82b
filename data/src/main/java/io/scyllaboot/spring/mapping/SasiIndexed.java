package io.scyllaboot.spring.mapping;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A SASI index on the column (Cassandra's SSTable-attached index), created by schema creation after
 * its table: {@code CREATE CUSTOM INDEX IF NOT EXISTS ... USING
 * 'org.apache.cassandra.index.sasi.SASIIndex' WITH OPTIONS = {'mode': ...}}. On a text column it
 * serves derived {@code StartingWith} ({@link Mode#PREFIX} or {@link Mode#CONTAINS}) and {@code
 * EndingWith}, {@code Containing}, {@code Like} ({@link Mode#CONTAINS}) as CQL {@code LIKE}.
 *
 * <p>Cassandra 5.0 creates SASI indexes only with {@code sasi_indexes_enabled: true} in {@code
 * cassandra.yaml}; ScyllaDB has no SASI (there a {@code LIKE} query needs {@code ALLOW FILTERING}).
 * The analyzer attributes are those of Spring Data Cassandra's {@code SASI.StandardAnalyzed} and
 * {@code SASI.NonTokenizingAnalyzed}, flattened into one annotation.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({
  ElementType.FIELD,
  ElementType.METHOD,
  ElementType.ANNOTATION_TYPE,
  ElementType.RECORD_COMPONENT
})
public @interface SasiIndexed {
  /** The index name; empty for {@code <table>_<column>_idx}. */
  String name() default "";

  /** What the index can match: prefixes (the default), any part of the text, or sparse values. */
  Mode mode() default Mode.PREFIX;

  /** How the text is analyzed before it is indexed; {@link Analyzer#NONE} indexes it as is. */
  Analyzer analyzer() default Analyzer.NONE;

  /** The locale of the {@link Analyzer#STANDARD} analyzer ({@code tokenization_locale}). */
  String locale() default "en";

  /** Whether the {@link Analyzer#STANDARD} analyzer stems the words it indexes. */
  boolean stemming() default false;

  /** Whether the {@link Analyzer#STANDARD} analyzer leaves out stop words. */
  boolean skipStopWords() default false;

  /** Whether the {@link Analyzer#NON_TOKENIZING} analyzer matches case sensitively. */
  boolean caseSensitive() default true;

  /** The case normalization of the {@link Analyzer#STANDARD} or {@link Analyzer#NON_TOKENIZING}. */
  Normalization normalization() default Normalization.NONE;

  /**
   * Further index options as {@code "key=value"}, e.g. {@code
   * "max_compaction_flush_memory_in_mb=64"}.
   */
  String[] options() default {};

  /** The SASI index modes. */
  enum Mode {
    /** Matches whole values, ranges and prefixes ({@code LIKE 'x%'}). */
    PREFIX,
    /** Also matches suffixes and any part ({@code LIKE '%x'}, {@code LIKE '%x%'}). */
    CONTAINS,
    /** For numeric columns with many distinct values, matched by equality and ranges. */
    SPARSE
  }

  /** The SASI analyzers. */
  enum Analyzer {
    /** The value is indexed as is. */
    NONE,
    /**
     * Splits text into words ({@code org.apache.cassandra.index.sasi.analyzer.StandardAnalyzer}).
     */
    STANDARD,
    /** Indexes the whole value, optionally case-insensitively ({@code NonTokenizingAnalyzer}). */
    NON_TOKENIZING
  }

  /** The case normalization of an analyzer. */
  enum Normalization {
    NONE,
    LOWERCASE,
    UPPERCASE
  }
}
