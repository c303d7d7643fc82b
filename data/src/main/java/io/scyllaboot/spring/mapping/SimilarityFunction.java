package io.scyllaboot.spring.mapping;

import org.springframework.data.domain.ScoringFunction;
import org.springframework.data.domain.VectorScoringFunctions;

/**
 * The similarity function of a vector index, and the CQL function that scores a row with it. The
 * server's scores are in [0, 1], higher is closer: cosine {@code (1 + cos) / 2}, dot product {@code
 * (1 + a.b) / 2} (for unit-length vectors), Euclidean {@code 1 / (1 + d²)}.
 */
public enum SimilarityFunction {
  /** The server's default: the angle between the vectors. */
  COSINE("cosine", "similarity_cosine", VectorScoringFunctions.COSINE),
  /** The dot product, for vectors of length 1 (cheaper than cosine, same order). */
  DOT_PRODUCT("dot_product", "similarity_dot_product", VectorScoringFunctions.DOT_PRODUCT),
  /** The Euclidean distance. */
  EUCLIDEAN("euclidean", "similarity_euclidean", VectorScoringFunctions.EUCLIDEAN);

  private final String option;
  private final String cqlFunction;
  private final ScoringFunction scoringFunction;

  SimilarityFunction(String option, String cqlFunction, ScoringFunction scoringFunction) {
    this.option = option;
    this.cqlFunction = cqlFunction;
    this.scoringFunction = scoringFunction;
  }

  /** The value of the SAI index's {@code similarity_function} option. */
  public String indexOption() {
    return option;
  }

  /** The CQL function scoring a vector against another: {@code similarity_cosine}... */
  public String cqlFunction() {
    return cqlFunction;
  }

  /** Spring Data's name for it. */
  public ScoringFunction scoringFunction() {
    return scoringFunction;
  }

  /**
   * The function of Spring Data's scoring function (cosine, dot product, Euclidean).
   *
   * @throws IllegalArgumentException for any other (the server has no taxicab or Hamming score)
   */
  public static SimilarityFunction of(ScoringFunction function) {
    for (SimilarityFunction candidate : values()) {
      if (candidate.scoringFunction == function
          || candidate.scoringFunction.getName().equalsIgnoreCase(function.getName())) {
        return candidate;
      }
    }
    throw new IllegalArgumentException(
        "No CQL similarity function for the scoring function "
            + function.getName()
            + ": the server scores vectors by COSINE, DOT_PRODUCT or EUCLIDEAN");
  }
}
