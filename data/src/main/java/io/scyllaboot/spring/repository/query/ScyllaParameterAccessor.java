package io.scyllaboot.spring.repository.query;

import io.scyllaboot.driver.api.cql.BoundStatement;
import io.scyllaboot.driver.api.cql.StatementOptions;
import io.scyllaboot.spring.core.QueryOptions;
import io.scyllaboot.spring.core.WriteOptions;
import org.jspecify.annotations.Nullable;
import org.springframework.data.repository.query.Parameters;
import org.springframework.data.repository.query.ParametersParameterAccessor;

/**
 * The call's parameter values, with its {@code QueryOptions}/{@code WriteOptions} if it has one.
 */
final class ScyllaParameterAccessor extends ParametersParameterAccessor {
  private final int optionsIndex;

  ScyllaParameterAccessor(Parameters<?, ?> parameters, Object[] values) {
    super(parameters, values);
    this.optionsIndex =
        parameters instanceof ScyllaParameters scylla ? scylla.getOptionsIndex() : -1;
  }

  /** The options passed, or null (none declared, or null passed). */
  @Nullable Object getOptions() {
    return optionsIndex < 0 ? null : getValue(optionsIndex);
  }

  /**
   * The statement with the options passed: what they set replaces what the method's annotations set
   * ({@code @Consistency}, {@code @UseProfile}, idempotence), the rest stays.
   *
   * @throws IllegalArgumentException for a TTL: a query method's CQL is written or derived, so
   *     {@code USING TTL} belongs in it
   */
  static BoundStatement apply(BoundStatement statement, @Nullable Object options, String method) {
    StatementOptions given;
    if (options == null) {
      return statement;
    } else if (options instanceof QueryOptions query) {
      given = query.getStatementOptions();
    } else {
      WriteOptions write = (WriteOptions) options;
      if (write.getTtl() != null) {
        throw new IllegalArgumentException(
            "Repository method "
                + method
                + ": a WriteOptions TTL cannot be applied to a query method's CQL; write"
                + " USING TTL ? in a @Query and pass the seconds as a parameter");
      }
      given = write.getStatementOptions();
    }
    return statement.withOptions(merged(statement.options(), given));
  }

  private static StatementOptions merged(StatementOptions base, StatementOptions given) {
    return new StatementOptions(
        given.consistency() != null ? given.consistency() : base.consistency(),
        given.serialConsistency() != null ? given.serialConsistency() : base.serialConsistency(),
        given.pageSize() != 0 ? given.pageSize() : base.pageSize(),
        given.pagingState() != null ? given.pagingState() : base.pagingState(),
        given.timeout() != null ? given.timeout() : base.timeout(),
        given.idempotent() != null ? given.idempotent() : base.idempotent(),
        given.tracing() || base.tracing(),
        given.timestamp() != null ? given.timestamp() : base.timestamp(),
        given.profile() != null ? given.profile() : base.profile(),
        given.customPayload().isEmpty() ? base.customPayload() : given.customPayload(),
        given.node() != null ? given.node() : base.node());
  }
}
