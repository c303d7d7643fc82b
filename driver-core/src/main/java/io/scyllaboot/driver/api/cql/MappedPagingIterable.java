package io.scyllaboot.driver.api.cql;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/** {@link PagingIterable#map}'s view: converts each element as it is read. */
final class MappedPagingIterable<T, U> implements PagingIterable<U> {
  private final PagingIterable<T> source;
  private final Function<? super T, ? extends U> converter;

  MappedPagingIterable(PagingIterable<T> source, Function<? super T, ? extends U> converter) {
    this.source = source;
    this.converter = Objects.requireNonNull(converter, "converter");
  }

  @Override
  public ColumnDefinitions columnDefinitions() {
    return source.columnDefinitions();
  }

  @Override
  public @Nullable U one() {
    T next = source.one();
    return next == null ? null : converter.apply(next);
  }

  @Override
  public List<U> all() {
    List<U> all = new ArrayList<>();
    for (U element : this) {
      all.add(element);
    }
    return all;
  }

  @Override
  public int availableWithoutFetching() {
    return source.availableWithoutFetching();
  }

  @Override
  public boolean isFullyFetched() {
    return source.isFullyFetched();
  }

  @Override
  public boolean wasApplied() {
    return source.wasApplied();
  }

  @Override
  public ExecutionInfo executionInfo() {
    return source.executionInfo();
  }

  @Override
  public Iterator<U> iterator() {
    Iterator<T> rows = source.iterator();
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return rows.hasNext();
      }

      @Override
      public U next() {
        return converter.apply(rows.next());
      }
    };
  }
}
