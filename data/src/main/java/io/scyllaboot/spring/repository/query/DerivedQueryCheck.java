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
}
