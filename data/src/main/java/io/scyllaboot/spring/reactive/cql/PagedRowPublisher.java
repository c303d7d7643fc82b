package io.scyllaboot.spring.reactive.cql;

import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.spring.cql.RowMapper;
import java.util.Objects;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import reactor.core.publisher.Operators;

/**
 * The mapped rows of a query, page by page, as the subscriber asks for them. The query is sent at
 * the first request; the next page is fetched only once the current one is used up AND the
 * subscriber has asked for more rows than it held, so at most one page is held or in flight at any
 * time. Cancelling stops fetching; a page that arrives after cancellation is closed unread. Each
 * next page is fetched through the function the query's start handed over ({@link Start}), which
 * carries the context the first page started in (the subscriber's observation) to the drain loop's
 * thread.
 *
 * <p>All state but the arrival slots is touched only inside the drain loop, which one thread runs
 * at a time (the work-in-progress counter serializes request, cancel and page arrival).
 */
final class PagedRowPublisher<T> implements Publisher<T> {
  /** Fetches a page's next page as it is, in whatever context the calling thread has. */
  static final Function<AsyncResultSet, CompletionStage<AsyncResultSet>> NEXT_PAGE =
      AsyncResultSet::fetchNextPage;

  /**
   * A started query: its first page in flight, and how to fetch each next page.
   *
   * @param nextPage {@link #NEXT_PAGE}, or it wrapped to run in the context the query started in
   */
  record Start(
      CompletionStage<AsyncResultSet> firstPage,
      Function<AsyncResultSet, CompletionStage<AsyncResultSet>> nextPage) {}

  private final Supplier<Start> query;
  private final RowMapper<T> mapper;
  private final Function<Throwable, Throwable> translator;

  /**
   * @param query starts the query; called once per subscription, at the first request
   * @param translator what the subscriber gets for a driver or mapper failure
   */
  PagedRowPublisher(
      Supplier<Start> query, RowMapper<T> mapper, Function<Throwable, Throwable> translator) {
    this.query = query;
    this.mapper = mapper;
    this.translator = translator;
  }

  /** Pages fetched as they are ({@link #NEXT_PAGE}): for tests. */
  static <T> PagedRowPublisher<T> of(
      Supplier<CompletionStage<AsyncResultSet>> query,
      RowMapper<T> mapper,
      Function<Throwable, Throwable> translator) {
    return new PagedRowPublisher<>(() -> new Start(query.get(), NEXT_PAGE), mapper, translator);
  }

  @Override
  public void subscribe(Subscriber<? super T> subscriber) {
    Objects.requireNonNull(subscriber, "subscriber");
    subscriber.onSubscribe(new PageSubscription<>(subscriber, query, mapper, translator));
  }

  private static final class PageSubscription<T> implements Subscription {
    private final Subscriber<? super T> downstream;
    private final Supplier<Start> query;
    private final RowMapper<T> mapper;
    private final Function<Throwable, Throwable> translator;

    private final AtomicLong requested = new AtomicLong();
    private final AtomicInteger workInProgress = new AtomicInteger();
    private volatile boolean cancelled;
    // Written by the driver's completion, read by the drain loop.
    private volatile AsyncResultSet arrived;
    private volatile Throwable failed;

    // Drain-loop state.
    private AsyncResultSet page;
    private Function<AsyncResultSet, CompletionStage<AsyncResultSet>> nextPage = NEXT_PAGE;
    private boolean started;
    private boolean fetching;
    private boolean done;
    private long emitted;
    private int rowNumber;

    PageSubscription(
        Subscriber<? super T> downstream,
        Supplier<Start> query,
        RowMapper<T> mapper,
        Function<Throwable, Throwable> translator) {
      this.downstream = downstream;
      this.query = query;
      this.mapper = mapper;
      this.translator = translator;
    }

    @Override
    public void request(long n) {
      if (n <= 0) {
        // Reactive Streams rule 3.9.
        failed = new IllegalArgumentException("request(" + n + "): demand must be positive");
      } else {
        requested.getAndUpdate(current -> Operators.addCap(current, n));
      }
      drain();
    }

    @Override
    public void cancel() {
      cancelled = true;
      drain();
    }

    private void drain() {
      if (workInProgress.getAndIncrement() != 0) {
        return;
      }
      int missed = 1;
      do {
        if (cancelled || done) {
          release();
        } else {
          step();
        }
        missed = workInProgress.addAndGet(-missed);
      } while (missed != 0);
    }

    /** Closes what is held; a page still in flight is closed when it arrives (drain runs again). */
    private void release() {
      if (page != null) {
        page.close();
        page = null;
      }
      AsyncResultSet late = arrived;
      if (late != null) {
        arrived = null;
        late.close();
      }
    }

    private void step() {
      Throwable error = failed;
      if (error != null) {
        fail(error);
        return;
      }
      if (fetching) {
        AsyncResultSet next = arrived;
        if (next == null) {
          return; // still in flight: its arrival drains again
        }
        arrived = null;
        fetching = false;
        page = next;
      }
      if (!started) {
        if (requested.get() == 0) {
          return;
        }
        started = true;
        Start start;
        try {
          start = query.get();
        } catch (RuntimeException e) {
          fail(e);
          return;
        }
        nextPage = start.nextPage();
        await(start.firstPage());
        return;
      }
      if (page == null) {
        return;
      }
      long demand = requested.get();
      while (emitted != demand) {
        if (cancelled) {
          return;
        }
        Row row = page.one();
        if (row == null) {
          break;
        }
        T value;
        try {
          value =
              Objects.requireNonNull(
                  mapper.mapRow(row, rowNumber),
                  "the RowMapper returned null for row " + rowNumber);
        } catch (RuntimeException e) {
          fail(e);
          return;
        }
        rowNumber++;
        downstream.onNext(value);
        emitted++;
        if (emitted == demand) {
          demand = requested.get();
        }
      }
      if (cancelled || page.remaining() > 0) {
        return;
      }
      if (!page.hasMorePages()) {
        done = true;
        release();
        downstream.onComplete();
        return;
      }
      if (emitted != requested.get()) {
        // Asked for more than this page held: only now fetch the next one.
        AsyncResultSet used = page;
        page = null;
        CompletionStage<AsyncResultSet> next;
        try {
          next = nextPage.apply(used);
        } catch (RuntimeException e) {
          fail(e);
          return;
        } finally {
          used.close();
        }
        await(next);
      }
    }

    private void await(CompletionStage<AsyncResultSet> stage) {
      fetching = true;
      stage.whenComplete(
          (result, error) -> {
            if (error != null) {
              failed = error;
            } else {
              arrived = result;
            }
            drain();
          });
    }

    private void fail(Throwable error) {
      done = true;
      release();
      downstream.onError(translator.apply(error));
    }
  }
}
