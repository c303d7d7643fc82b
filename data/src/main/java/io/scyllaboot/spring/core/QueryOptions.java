package io.scyllaboot.spring.core;

import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.cql.StatementOptions;
import java.time.Duration;
import java.util.Objects;

/**
 * The options of a read, as Spring Data Cassandra's {@code QueryOptions}: consistency levels, page
 * size, timeout, tracing, idempotence. Unset options take the template's or the session's defaults.
 * Given to a {@link io.scyllaboot.spring.core.query.Query} or as a parameter of a repository query
 * method. Immutable.
 */
public final class QueryOptions {
  private static final QueryOptions EMPTY = new QueryOptions(StatementOptions.DEFAULTS);
  private final StatementOptions statementOptions;

  private QueryOptions(StatementOptions statementOptions) {
    this.statementOptions = statementOptions;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Every option at its default. */
  public static QueryOptions empty() {
    return EMPTY;
  }

  /** The options as the driver applies them to the statement (never with a paging state). */
  public StatementOptions getStatementOptions() {
    return statementOptions;
  }

  /**
   * A copy fetching this many rows per page.
   *
   * @throws IllegalArgumentException if not positive
   */
  public QueryOptions withPageSize(int rows) {
    return new Builder(statementOptions).pageSize(rows).build();
  }

  /**
   * Options with exactly these statement options (consistency, page size, timeout...), as a
   * repository's query methods combine their annotations with the options passed.
   */
  public static QueryOptions of(StatementOptions options) {
    return new QueryOptions(Objects.requireNonNull(options, "options"));
  }

  /** The rows per page, 0 for the session's default. */
  public int getPageSize() {
    return statementOptions.pageSize();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof QueryOptions that && statementOptions.equals(that.statementOptions);
  }

  @Override
  public int hashCode() {
    return statementOptions.hashCode();
  }

  @Override
  public String toString() {
    return "QueryOptions" + statementOptions;
  }

  /** Builds {@link QueryOptions}. */
  public static final class Builder {
    private StatementOptions options = StatementOptions.DEFAULTS;

    private Builder() {}

    private Builder(StatementOptions options) {
      this.options = options;
    }

    public Builder consistencyLevel(ConsistencyLevel level) {
      options = options.withConsistency(Objects.requireNonNull(level, "level"));
      return this;
    }

    /** SERIAL or LOCAL_SERIAL, for reads that see lightweight transactions' pending writes. */
    public Builder serialConsistencyLevel(ConsistencyLevel level) {
      options = options.withSerialConsistency(Objects.requireNonNull(level, "level"));
      return this;
    }

    /**
     * Rows fetched per page (at least 1).
     *
     * @throws IllegalArgumentException if not positive
     */
    public Builder pageSize(int rows) {
      if (rows < 1) {
        throw new IllegalArgumentException("page size must be at least 1, was " + rows);
      }
      options = options.withPageSize(rows);
      return this;
    }

    public Builder timeout(Duration timeout) {
      options = options.withTimeout(Objects.requireNonNull(timeout, "timeout"));
      return this;
    }

    /** Asks the server to trace the request. */
    public Builder tracing(boolean tracing) {
      options = options.withTracing(tracing);
      return this;
    }

    /** Whether the statement may be retried after a failure. */
    public Builder idempotent(boolean idempotent) {
      options = options.withIdempotent(idempotent);
      return this;
    }

    public QueryOptions build() {
      return new QueryOptions(options);
    }
  }
}
