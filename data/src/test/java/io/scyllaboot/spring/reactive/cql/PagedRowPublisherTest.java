package io.scyllaboot.spring.reactive.cql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.ColumnDefinitions;
import io.scyllaboot.driver.api.cql.ExecutionInfo;
import io.scyllaboot.driver.api.cql.PagingState;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.error.SyntaxErrorException;
import io.scyllaboot.spring.cql.CqlSyntaxException;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

/** The page-by-page publisher on pages whose arrival the test controls (no server). */
class PagedRowPublisherTest {
  private static final Duration WAIT = Duration.ofSeconds(5);
  private static final ScyllaExceptionTranslator TRANSLATOR = new ScyllaExceptionTranslator();

  /** A page of {@code rows} rows whose successor arrives when the test completes {@code next}. */
  private static final class FakePage implements AsyncResultSet {
    final CompletableFuture<AsyncResultSet> next;
    final AtomicInteger fetches = new AtomicInteger();
    boolean closed;
    private int left;

    FakePage(int rows, CompletableFuture<AsyncResultSet> next) {
      this.left = rows;
      this.next = next;
    }

    @Override
    public ColumnDefinitions columnDefinitions() {
      throw new UnsupportedOperationException();
    }

    @Override
    public Iterable<Row> currentPage() {
      throw new UnsupportedOperationException();
    }

    @Override
    public int remaining() {
      return closed ? 0 : left;
    }

    @Override
    public Row one() {
      if (remaining() == 0) {
        closed = true;
        return null;
      }
      left--;
      return mock(Row.class);
    }

    @Override
    public boolean hasMorePages() {
      return next != null;
    }

    @Override
    public PagingState pagingState() {
      return null;
    }

    @Override
    public CompletionStage<AsyncResultSet> fetchNextPage() {
      fetches.incrementAndGet();
      return next;
    }

    @Override
    public boolean wasApplied() {
      return true;
    }

    @Override
    public List<String> warnings() {
      return List.of();
    }

    @Override
    public ExecutionInfo executionInfo() {
      throw new UnsupportedOperationException();
    }

    @Override
    public void close() {
      closed = true;
    }
  }

  private static Flux<Integer> rows(CompletionStage<AsyncResultSet> first) {
    return Flux.from(
        PagedRowPublisher.of(
            () -> first,
            (row, n) -> n,
            error -> TRANSLATOR.toRuntime("test", "SELECT", (RuntimeException) error)));
  }

  @Test
  void should_fetch_every_next_page_through_the_function_the_start_handed_over() {
    FakePage third = new FakePage(1, null);
    FakePage second = new FakePage(2, CompletableFuture.completedFuture(third));
    FakePage first = new FakePage(2, CompletableFuture.completedFuture(second));
    List<AsyncResultSet> fetchedFrom = new java.util.concurrent.CopyOnWriteArrayList<>();
    PagedRowPublisher<Integer> publisher =
        new PagedRowPublisher<>(
            () ->
                new PagedRowPublisher.Start(
                    CompletableFuture.completedFuture(first),
                    page -> {
                      fetchedFrom.add(page);
                      return page.fetchNextPage();
                    }),
            (row, n) -> n,
            error -> error);
    StepVerifier.create(Flux.from(publisher)).expectNext(0, 1, 2, 3, 4).verifyComplete();
    assertThat(fetchedFrom).containsExactly(first, second);
  }

  @Test
  void should_close_a_page_that_arrives_after_cancellation_and_fetch_nothing_more() {
    CompletableFuture<AsyncResultSet> third = new CompletableFuture<>();
    FakePage second = new FakePage(2, third);
    CompletableFuture<AsyncResultSet> secondInFlight = new CompletableFuture<>();
    FakePage first = new FakePage(2, secondInFlight);
    StepVerifier.create(rows(CompletableFuture.completedFuture(first)), 3)
        .expectNext(0, 1)
        .then(() -> assertThat(first.fetches).as("asked for a third row").hasValue(1))
        .thenCancel()
        .verify(WAIT);
    secondInFlight.complete(second); // arrives after the cancel
    assertThat(second.closed).isTrue();
    assertThat(second.fetches).hasValue(0);
  }

  @Test
  void should_not_fetch_while_the_demand_fits_in_the_current_page() {
    CompletableFuture<AsyncResultSet> next = new CompletableFuture<>();
    FakePage first = new FakePage(3, next);
    StepVerifier.create(rows(CompletableFuture.completedFuture(first)), 3)
        .expectNext(0, 1, 2)
        .then(() -> assertThat(first.fetches).hasValue(0))
        .thenRequest(1)
        .then(() -> assertThat(first.fetches).hasValue(1))
        .then(() -> next.complete(new FakePage(0, null))) // an empty last page
        .verifyComplete();
  }

  @Test
  void should_fail_with_the_mapper_error_and_release_the_page() {
    FakePage first = new FakePage(3, new CompletableFuture<>());
    Flux<Integer> failing =
        Flux.from(
            PagedRowPublisher.<Integer>of(
                () -> CompletableFuture.completedFuture(first),
                (row, n) -> {
                  if (n == 1) {
                    throw new IllegalStateException("bad row " + n);
                  }
                  return n;
                },
                error -> error));
    StepVerifier.create(failing).expectNext(0).expectErrorMessage("bad row 1").verify(WAIT);
    assertThat(first.closed).isTrue();
    assertThat(first.fetches).hasValue(0);
  }

  @Test
  void should_translate_a_failed_query_and_reject_a_non_positive_request() {
    StepVerifier.create(
            rows(CompletableFuture.failedFuture(new SyntaxErrorException("line 1:0 no viable"))))
        .expectError(CqlSyntaxException.class)
        .verify(WAIT);
    // Reactive Streams rule 3.9, on the raw publisher (StepVerifier refuses to request 0).
    java.util.concurrent.atomic.AtomicReference<Throwable> failure =
        new java.util.concurrent.atomic.AtomicReference<>();
    PagedRowPublisher.<Integer>of(
            () -> CompletableFuture.completedFuture(new FakePage(1, null)),
            (row, n) -> n,
            error -> error)
        .subscribe(
            new org.reactivestreams.Subscriber<Integer>() {
              @Override
              public void onSubscribe(org.reactivestreams.Subscription subscription) {
                subscription.request(0);
              }

              @Override
              public void onNext(Integer value) {
                failure.set(new AssertionError("no row was requested"));
              }

              @Override
              public void onError(Throwable error) {
                failure.set(error);
              }

              @Override
              public void onComplete() {
                failure.set(new AssertionError("completed"));
              }
            });
    assertThat(failure.get()).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_send_the_query_only_at_the_first_request() {
    AtomicInteger sent = new AtomicInteger();
    Flux<Integer> lazy =
        Flux.from(
            PagedRowPublisher.of(
                () -> {
                  sent.incrementAndGet();
                  return CompletableFuture.completedFuture(new FakePage(1, null));
                },
                (row, n) -> n,
                error -> error));
    StepVerifier.create(lazy, 0)
        .expectSubscription()
        .then(() -> assertThat(sent).hasValue(0))
        .thenRequest(1)
        .expectNext(0)
        .verifyComplete();
    assertThat(sent).hasValue(1);
  }
}
