package io.scyllaboot.spring.cql;

import io.scyllaboot.driver.api.cql.AsyncResultSet;
import java.util.concurrent.CompletionStage;

/**
 * Extracts a value from an asynchronous result, starting at its first page: it may fetch the next
 * pages itself ({@link AsyncResultSet#fetchNextPage()}). It runs on a driver I/O thread: it must
 * not block.
 *
 * @param <T> the extracted type
 */
@FunctionalInterface
public interface AsyncResultSetExtractor<T> {
  CompletionStage<T> extractData(AsyncResultSet firstPage);
}
