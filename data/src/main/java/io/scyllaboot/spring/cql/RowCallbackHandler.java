package io.scyllaboot.spring.cql;

import io.scyllaboot.driver.api.cql.Row;

/** Handles each row of a result, for its side effects. */
@FunctionalInterface
public interface RowCallbackHandler {
  void processRow(Row row);
}
