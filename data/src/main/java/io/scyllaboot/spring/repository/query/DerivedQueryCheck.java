package io.scyllaboot.spring.repository.query;

/**
 * What the start-up check of derived queries does with a query the server would refuse without
 * {@code ALLOW FILTERING} (a column outside the key with no index that serves it, clustering
 * columns out of order...). With Spring Boot: {@code scylla.repositories.derived-query-check}.
 */
public enum DerivedQueryCheck {
  /**
   * Log a warning naming the method and the column, and create the repository: the query then fails
   * when it runs, with the server's error, as in Spring Data Cassandra (an index the application
   * creates after start-up makes it work). The default.
   */
  WARN,
  /** Fail the repository's creation (the application's start-up) with the same message. */
  FAIL;

  /** The property that chooses the check for repositories created by Spring. */
  public static final String PROPERTY = "scylla.repositories.derived-query-check";

  /**
   * The check {@link #PROPERTY} chooses in {@code environment}, else {@code unset}.
   *
   * @throws IllegalStateException for a value other than warn or fail (any case)
   */
  public static DerivedQueryCheck from(
      org.springframework.core.env.Environment environment, DerivedQueryCheck unset) {
    String check = environment.getProperty(PROPERTY);
    if (check == null || check.isBlank()) {
      return unset;
    }
    try {
      return valueOf(check.trim().toUpperCase(java.util.Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException(PROPERTY + " must be warn or fail, not '" + check + "'", e);
    }
  }
}
