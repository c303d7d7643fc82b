package io.scyllaboot.spring.repository.query;

import io.scyllaboot.driver.api.cql.BoundStatement;
import io.scyllaboot.driver.api.cql.StatementOptions;
import io.scyllaboot.spring.core.DeleteOptions;
import io.scyllaboot.spring.core.InsertOptions;
import io.scyllaboot.spring.core.QueryOptions;
import io.scyllaboot.spring.core.UpdateOptions;
import io.scyllaboot.spring.core.WriteOptions;
import java.util.ArrayList;
import java.util.List;
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
   * The statement with the options passed: what they set (consistency, serial consistency, page
   * size, timeout, tracing, idempotence, profile, a write's timestamp) replaces what the method's
   * annotations set, the rest stays. What belongs in the CQL itself (a TTL, a condition) is not
   * applied here: see {@link #notApplied}.
   */
  static BoundStatement apply(BoundStatement statement, @Nullable Object options) {
    StatementOptions given;
    if (options == null) {
      return statement;
    } else if (options instanceof QueryOptions query) {
      given = query.getStatementOptions();
    } else {
      given = ((WriteOptions) options).getStatementOptions();
    }
    return statement.withOptions(merged(statement.options(), given));
  }

  /**
   * What of {@code options} a query method's CQL leaves out, as Spring Data Cassandra 5.0 does (it
   * applies a query method's options as query options only): a TTL, and the conditions of insert
   * and update options; a derived delete applies its delete options' conditions itself ({@code
   * conditionsApplied}). Null when nothing is left out.
   */
  static @Nullable String notApplied(@Nullable Object options, boolean conditionsApplied) {
    if (!(options instanceof WriteOptions write)) {
      return null;
    }
    List<String> left = new ArrayList<>(2);
    if (write.getTtl() != null) {
      left.add("TTL");
    }
    boolean condition;
    if (write instanceof InsertOptions insert) {
      condition = insert.isIfNotExists();
    } else if (write instanceof UpdateOptions update) {
      condition =
          update.isIfExists()
              || update.getIfCondition() != null
              || !update.getIfCriteria().isEmpty();
    } else {
      DeleteOptions delete = (DeleteOptions) write;
      condition = !conditionsApplied && (delete.isIfExists() || delete.getIfCondition() != null);
    }
    if (condition) {
      left.add("IF condition");
    }
    return left.isEmpty() ? null : String.join(" and ", left);
  }

  static StatementOptions merged(StatementOptions base, StatementOptions given) {
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
