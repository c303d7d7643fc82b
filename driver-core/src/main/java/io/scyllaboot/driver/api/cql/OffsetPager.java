package io.scyllaboot.driver.api.cql;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Gives one page of a given number from rows read in order, for user interfaces that jump to page
 * {@code n}: the query runs from the start each time and the rows before the page are read and
 * dropped, so it suits the first few pages (forward-only paging with {@link PagingState} reads
 * nothing twice). Pages are numbered from 1. The DataStax driver's {@code OffsetPager}.
 */
public final class OffsetPager {
  private final int pageSize;

  /**
   * @param pageSize the rows (or elements) per page
   * @throws IllegalArgumentException if it is not positive
   */
  public OffsetPager(int pageSize) {
    if (pageSize < 1) {
      throw new IllegalArgumentException("a page holds at least one element, got " + pageSize);
    }
    this.pageSize = pageSize;
  }

  /**
   * The page of this number; past the end, the last page (its {@link Page#pageNumber()} says
   * which). Reads the elements up to the page's end, and one more to know whether it is the last.
   *
   * @param elements the rows, or any elements, in order ({@code session.execute(statement)})
   * @param pageNumber the page asked for, from 1
   * @throws IllegalArgumentException if {@code pageNumber} is less than 1
   */
  public <T> Page<T> page(Iterable<T> elements, int pageNumber) {
    if (pageNumber < 1) {
      throw new IllegalArgumentException("pages are numbered from 1, got " + pageNumber);
    }
    Iterator<T> iterator = elements.iterator();
    int current = 1;
    List<T> page = new ArrayList<>(pageSize);
    while (iterator.hasNext()) {
      page.add(iterator.next());
      if (page.size() == pageSize) {
        boolean last = !iterator.hasNext();
        if (current == pageNumber || last) {
          return new Page<>(List.copyOf(page), current, last);
        }
        page.clear();
        current++;
      }
    }
    return new Page<>(List.copyOf(page), current, true);
  }

  /**
   * One page.
   *
   * @param elements its elements, at most the page size (none only when there are none at all)
   * @param pageNumber its number, from 1 (less than the number asked past the end)
   * @param isLast whether no element follows it
   */
  public record Page<T>(List<T> elements, int pageNumber, boolean isLast) {}
}
