package io.scyllaboot.spring.core;

import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.BoundStatement;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.StatementOptions;

/**
 * A rendered {@link io.scyllaboot.spring.core.query.Query}: CQL whose every value is a bind marker,
 * the values in marker order and the statement's options. The CQL depends only on the query's
 * shape, so the session's statement cache holds one prepared statement per shape.
 *
 * @param cql the statement, with {@code ?} markers
 * @param values one per marker, converted as the driver binds them
 * @param options consistency, page size, paging state, timeout...
 * @param columnsSelected whether a SELECT names some columns only (rows are read as partial
 *     entities)
 */
public record QueryStatement(
    String cql, Object[] values, StatementOptions options, boolean columnsSelected) {

  /** The statement bound to the prepared {@link #cql()}, with its options. */
  public BoundStatement bind(PreparedStatement prepared) {
    return prepared.bind(values).withOptions(options);
  }

  /** What the page of a rendered UPDATE or DELETE says: applied, the LWT's rows, its info. */
  public WriteResult writeResult(AsyncResultSet page) {
    return new WriteResult(page.wasApplied(), ScyllaTemplate.rows(page), page.executionInfo());
  }
}
