package io.scyllaboot.driver.internal.cql;

import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.ReactiveResultSet;
import io.scyllaboot.driver.api.cql.Row;
import java.util.Objects;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/**
 * A statement's rows as a Reactive Streams publisher over the asynchronous API: the first page is
 * requested with the first demand, the next one when the demand outlasts a page. Signals are
 * serialized by a drain loop (one thread at a time emits, others leave it work), so a page arriving
 * on an I/O thread and a request from the subscriber's thread never race.
 */
public final class RowPublisher implements ReactiveResultSet {
  private final Supplier<CompletionStage<AsyncResultSet>> execute;
  private final AtomicBoolean subscribed = new AtomicBoolean();

  /**
   * @param execute sends the statement; called once, on the first demand
   */
  public RowPublisher(Supplier<CompletionStage<AsyncResultSet>> execute) {
    this.execute = execute;
  }

  @Override
  public void subscribe(Subscriber<? super Row> subscriber) {
    Objects.requireNonNull(subscriber, "subscriber"); // rule 1.9
    if (!subscribed.compareAndSet(false, true)) {
      subscriber.onSubscribe(Cancelled.INSTANCE);
      subscriber.onError(
          new IllegalStateException("a ReactiveResultSet takes one subscriber: execute again"));
      return;
    }
    RowSubscription subscription = new RowSubscription(subscriber, execute);
    subscriber.onSubscribe(subscription);
  }

  private static final class RowSubscription implements Subscription {
    private final Subscriber<? super Row> subscriber;
    private final Supplier<CompletionStage<AsyncResultSet>> execute;
    private final AtomicLong demand = new AtomicLong();
    private final AtomicInteger work = new AtomicInteger();
    private volatile AsyncResultSet page; // null until the first page arrives
    private volatile Throwable failure;
    private volatile boolean fetching;
    private volatile boolean cancelled;
    private boolean done; // only the drain loop reads and writes it

    RowSubscription(
        Subscriber<? super Row> subscriber, Supplier<CompletionStage<AsyncResultSet>> execute) {
      this.subscriber = subscriber;
      this.execute = execute;
    }

    @Override
    public void request(long n) {
      if (n <= 0) {
        failure =
            new IllegalArgumentException("request(" + n + "): demand must be positive (rule 3.9)");
      } else {
        demand.getAndUpdate(now -> now + n < 0 ? Long.MAX_VALUE : now + n);
      }
      drain();
    }

    @Override
    public void cancel() {
      cancelled = true;
    }

    private void drain() {
      if (work.getAndIncrement() != 0) {
        return; // the thread in the loop sees this call's effects
      }
      do {
        emit();
      } while (work.decrementAndGet() != 0);
    }

    private void emit() {
      if (done || cancelled) {
        return;
      }
      if (failure != null) {
        done = true;
        subscriber.onError(failure);
        return;
      }
      AsyncResultSet current = page;
      if (current == null) {
        if (!fetching && demand.get() > 0) {
          fetch(execute);
        }
        return;
      }
      while (demand.get() > 0 && !cancelled) {
        Row row = current.one();
        if (row == null) {
          break;
        }
        demand.decrementAndGet();
        subscriber.onNext(row);
      }
      if (cancelled || current.remaining() > 0) {
        return;
      }
      if (!current.hasMorePages()) {
        done = true;
        subscriber.onComplete();
      } else if (!fetching && demand.get() > 0) {
        fetch(current::fetchNextPage);
      }
    }

    private void fetch(Supplier<CompletionStage<AsyncResultSet>> request) {
      fetching = true;
      CompletionStage<AsyncResultSet> next;
      try {
        next = request.get();
      } catch (
          RuntimeException e) { // refused before anything was sent (a value that does not bind)
        failure = e;
        fetching = false;
        emit();
        return;
      }
      next.whenComplete(
          (arrived, error) -> {
            if (error != null) {
              failure = unwrap(error);
            } else {
              page = arrived;
            }
            fetching = false;
            drain();
          });
    }

    private static Throwable unwrap(Throwable error) {
      return error instanceof java.util.concurrent.CompletionException && error.getCause() != null
          ? error.getCause()
          : error;
    }
  }

  /** The subscription of a refused subscriber: nothing to request, nothing to cancel. */
  private enum Cancelled implements Subscription {
    INSTANCE;

    @Override
    public void request(long n) {}

    @Override
    public void cancel() {}
  }
}
