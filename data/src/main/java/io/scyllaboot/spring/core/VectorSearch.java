package io.scyllaboot.spring.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Range;
import org.springframework.data.domain.Score;
import org.springframework.data.domain.ScoringFunction;
import org.springframework.data.domain.Vector;

/**
 * A vector search for {@link ScyllaOperations#search}: the rows whose {@code vector<float, n>}
 * column is nearest the given vector ({@code ORDER BY column ANN OF ? LIMIT n}, served by the
 * column's SAI index), each scored by the server's similarity function ({@code similarity_cosine}
 * ...). Immutable: every method returns a new search.
 *
 * <pre>{@code
 * SearchResults<Reading> similar =
 *     template.search(
 *         VectorSearch.near("signature", Vector.of(0.1f, 0.9f, 0.3f)).limit(5), Reading.class);
 * }</pre>
 *
 * ANN is approximate: the index may miss a few of the true nearest rows on large tables.
 */
public final class VectorSearch {
  private final String property;
  private final Vector vector;
  private final int limit;
  private final @Nullable ScoringFunction function;
  private final @Nullable Range<? extends Score> scores;
  private final Map<String, Object> equalities;

  private VectorSearch(
      String property,
      Vector vector,
      int limit,
      @Nullable ScoringFunction function,
      @Nullable Range<? extends Score> scores,
      Map<String, Object> equalities) {
    this.property = property;
    this.vector = vector;
    this.limit = limit;
    this.function = function;
    this.scores = scores;
    this.equalities = equalities;
  }

  /**
   * The rows nearest {@code vector} by the {@code @VectorType} property (or column) named; 10 of
   * them unless {@link #limit} says otherwise.
   */
  public static VectorSearch near(String property, Vector vector) {
    Objects.requireNonNull(property, "property");
    Objects.requireNonNull(vector, "vector");
    return new VectorSearch(property, vector, 10, null, null, Map.of());
  }

  /** At most this many rows (the ANN query's LIMIT). */
  public VectorSearch limit(int limit) {
    if (limit <= 0) {
      throw new IllegalArgumentException("A vector search returns at least 1 row, not " + limit);
    }
    return new VectorSearch(property, vector, limit, function, scores, equalities);
  }

  /** As {@link #limit(int)}; an unlimited {@link Limit} keeps the current limit. */
  public VectorSearch limit(Limit limit) {
    return limit.isLimited() ? limit(limit.max()) : this;
  }

  /**
   * Scores rows with this function (cosine, dot product or Euclidean) instead of the one of the
   * column's {@code @SaiIndexed} (cosine when it has none). The order is always the index's.
   */
  public VectorSearch scoredBy(ScoringFunction function) {
    return new VectorSearch(property, vector, limit, function, scores, equalities);
  }

  /**
   * Keeps only rows scoring at least {@code minimum} (filtered after the ANN query: fewer rows than
   * the limit may remain). Its function, when specified, scores the rows.
   */
  public VectorSearch withMinimumScore(Score minimum) {
    return withScores(Range.rightUnbounded(Range.Bound.inclusive(minimum)));
  }

  /** Keeps only rows whose score is within the range (after the ANN query, as the minimum). */
  public VectorSearch withScores(Range<? extends Score> range) {
    return new VectorSearch(property, vector, limit, function, range, equalities);
  }

  /**
   * Also restricts the rows to {@code property = value} (the partition key, or an SAI-indexed
   * column), bound as a value.
   */
  public VectorSearch where(String property, Object value) {
    Map<String, Object> more = new LinkedHashMap<>(equalities);
    more.put(property, value);
    return new VectorSearch(this.property, vector, limit, function, scores, more);
  }

  public String getProperty() {
    return property;
  }

  public Vector getVector() {
    return vector;
  }

  public int getLimit() {
    return limit;
  }

  /** The scoring function asked for, or null for the column's index's. */
  public @Nullable ScoringFunction getScoringFunction() {
    if (function != null) {
      return function;
    }
    for (Range.Bound<? extends Score> bound : bounds()) {
      ScoringFunction declared = bound.getValue().map(Score::getFunction).orElse(null);
      if (declared != null && declared != ScoringFunction.unspecified()) {
        return declared;
      }
    }
    return null;
  }

  private List<Range.Bound<? extends Score>> bounds() {
    List<Range.Bound<? extends Score>> bounds = new ArrayList<>(2);
    if (scores != null) {
      bounds.add(scores.getLowerBound());
      bounds.add(scores.getUpperBound());
    }
    return bounds;
  }

  /** Whether a row of this score stays in the results. */
  public boolean accepts(double score) {
    if (scores == null) {
      return true;
    }
    return within(scores.getLowerBound(), score, true)
        && within(scores.getUpperBound(), score, false);
  }

  private static boolean within(Range.Bound<? extends Score> bound, double score, boolean lower) {
    if (!bound.isBounded()) {
      return true;
    }
    double limit = bound.getValue().orElseThrow().getValue();
    if (lower) {
      return bound.isInclusive() ? score >= limit : score > limit;
    }
    return bound.isInclusive() ? score <= limit : score < limit;
  }

  /** The equality restrictions, by property (or column) name, in the order given. */
  public Map<String, Object> getEqualities() {
    return equalities;
  }

  @Override
  public String toString() {
    return "VectorSearch["
        + property
        + " near "
        + vector.size()
        + " dimensions, limit "
        + limit
        + "]";
  }
}
