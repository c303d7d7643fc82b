package io.scyllaboot.spring.cql;

import io.scyllaboot.driver.api.cql.Row;

/**
 * Maps each row of a result to an object, as Spring's {@code JdbcTemplate} row mappers do. Called
 * while the row's page is held: read what you need from the row, do not keep the row.
 *
 * @param <T> the mapped type
 */
@FunctionalInterface
public interface RowMapper<T> {
  T mapRow(Row row, int rowNumber);
}
