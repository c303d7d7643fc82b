package io.scyllaboot.driver.api.cql;

import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Results read one element at a time, fetching further pages transparently (blocking the iterating
 * thread while a page is fetched): a {@link ResultSet}'s rows, or the entities a mapper's DAO
 * returns. Iterate from one thread.
 *
 * @param <T> the elements
 */
public interface PagingIterable<T> extends Iterable<T> {

  ColumnDefinitions columnDefinitions();

  /** The next element, or {@code null} when there are no more. */
  @Nullable T one();

  /** Every remaining element, fetching every page. Use on results known to be small. */
  List<T> all();

  /** The elements of the current page not read yet: reading that many more never waits. */
  int availableWithoutFetching();

  /** Whether the current page is the last one. */
  boolean isFullyFetched();

  /** Whether a lightweight transaction was applied ({@code true} for other statements). */
  boolean wasApplied();

  /** How the current page (the last one fetched) was obtained. */
  ExecutionInfo executionInfo();

  /**
   * A view of the elements to come, each converted as it is read (nothing is converted ahead); it
   * shares this iterable's position.
   */
  default <U> PagingIterable<U> map(Function<? super T, ? extends U> converter) {
    return new MappedPagingIterable<>(this, converter);
  }
}
