package io.scyllaboot.spring.repository.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.BoundStatement;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.spring.core.ScyllaTemplate;
import io.scyllaboot.spring.cql.CqlTemplate;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.mapping.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;

/**
 * The ...All methods keep a bounded window of statements in flight. A fake session answers a
 * request only when the window is full (or every request was sent), so an unbounded sender shows
 * hundreds in flight and a bounded one never more than the window.
 */
class SimpleScyllaRepositoryConcurrencyTest {
  private static final int ENTITIES = 500;

  @Table
  record Item(@PartitionKey int id, String name) {}

  private final ConcurrentLinkedQueue<CompletableFuture<AsyncResultSet>> pending =
      new ConcurrentLinkedQueue<>();
  private final AsyncResultSet emptyPage = Mockito.mock(AsyncResultSet.class);
  private final PreparedStatement prepared =
      Mockito.mock(PreparedStatement.class, invocation -> Mockito.mock(BoundStatement.class));
  private final AtomicInteger sent = new AtomicInteger();
  private final AtomicInteger inFlight = new AtomicInteger();
  private final AtomicInteger maxInFlight = new AtomicInteger();

  private SimpleScyllaRepository<Item, Integer> repository() {
    CqlSession session =
        Mockito.mock(
            CqlSession.class,
            invocation -> {
              if (invocation.getMethod().getName().equals("prepareAsync")) {
                return CompletableFuture.completedFuture(prepared);
              }
              if (!invocation.getMethod().getName().equals("executeAsync")) {
                throw new UnsupportedOperationException(invocation.getMethod().getName());
              }
              CompletableFuture<AsyncResultSet> reply = new CompletableFuture<>();
              maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
              sent.incrementAndGet();
              pending.add(reply);
              return reply;
            });
    ScyllaEntityConverter converter = new ScyllaEntityConverter(new ScyllaMappingContext());
    @SuppressWarnings("unchecked")
    ScyllaPersistentEntity<Item> entity =
        (ScyllaPersistentEntity<Item>)
            converter.getMappingContext().getRequiredPersistentEntity(Item.class);
    return new SimpleScyllaRepository<>(
        new ScyllaTemplate(new CqlTemplate(session, new ScyllaExceptionTranslator()), converter),
        new EntityStatements<>(entity, Integer.class, converter));
  }

  /** Runs the call on another thread while this one plays the server. */
  private void serve(Runnable call) throws Exception {
    CompletableFuture<Void> done = CompletableFuture.runAsync(call);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!done.isDone()) {
      assertThat(System.nanoTime()).as("the call finished in time").isLessThan(deadline);
      if (pending.size() >= SimpleScyllaRepository.MAX_IN_FLIGHT || sent.get() == ENTITIES) {
        CompletableFuture<AsyncResultSet> reply = pending.poll();
        if (reply != null) {
          inFlight.decrementAndGet();
          reply.complete(emptyPage);
        }
      } else {
        Thread.onSpinWait();
      }
    }
    done.get();
    assertThat(sent.get()).isEqualTo(ENTITIES);
    assertThat(maxInFlight.get()).isBetween(1, SimpleScyllaRepository.MAX_IN_FLIGHT);
  }

  private void check(Consumer<SimpleScyllaRepository<Item, Integer>> call) throws Exception {
    SimpleScyllaRepository<Item, Integer> repository = repository();
    serve(() -> call.accept(repository));
  }

  private static List<Item> items() {
    List<Item> items = new ArrayList<>();
    IntStream.range(0, ENTITIES).forEach(i -> items.add(new Item(i, "n" + i)));
    return items;
  }

  @Test
  void should_bound_save_all() throws Exception {
    check(repository -> repository.saveAll(items()));
  }

  @Test
  void should_bound_insert_of_many() throws Exception {
    check(repository -> repository.insert(items()));
  }

  @Test
  void should_bound_find_all_by_id() throws Exception {
    check(repository -> repository.findAllById(IntStream.range(0, ENTITIES).boxed().toList()));
  }

  @Test
  void should_bound_delete_all_of_entities_and_ids() throws Exception {
    check(repository -> repository.deleteAll(items()));
    sent.set(0);
    maxInFlight.set(0);
    check(repository -> repository.deleteAllById(IntStream.range(0, ENTITIES).boxed().toList()));
  }
}
