package io.scyllaboot.spring.cql;

import io.scyllaboot.driver.api.cql.ResultSet;

/**
 * Extracts a value from a whole result; the template closes the result afterwards.
 *
 * @param <T> the extracted type
 */
@FunctionalInterface
public interface ResultSetExtractor<T> {
  T extractData(ResultSet resultSet);
}
