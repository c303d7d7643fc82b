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
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;

/**
 * The ...All writes keep the order of writes for the same key, as sequential saves would: on a cold
 * statement cache the first write waits for its statement to be prepared while later ones find it
 * prepared, and without ordering a later write of the same key could be sent first and lose.
 */
class WriteOrderTest {

  @Table
  record Item(@PartitionKey int id, String name) {}

  private final List<List<Object>> executed = new CopyOnWriteArrayList<>();
  private final Map<BoundStatement, List<Object>> values =
      java.util.Collections.synchronizedMap(new IdentityHashMap<>());

  private SimpleScyllaRepository<Item, Integer> repository() {
    AsyncResultSet page = Mockito.mock(AsyncResultSet.class);
    PreparedStatement prepared =
        Mockito.mock(
            PreparedStatement.class,
            invocation -> {
              if (!invocation.getMethod().getName().equals("bind")) {
                return null;
              }
              Object[] raw = invocation.getRawArguments();
              BoundStatement bound = Mockito.mock(BoundStatement.class);
              values.put(
                  bound,
                  Arrays.asList(raw.length == 1 && raw[0] instanceof Object[] array ? array : raw));
              return bound;
            });
    // The first prepare is still running when the second write asks: the cache is cold. It
    // completes then, or (as the driver's I/O thread would) once the caller waits for it.
    CompletableFuture<PreparedStatement> firstPrepare = new CompletableFuture<>();
    AtomicInteger prepares = new AtomicInteger();
    Thread caller = Thread.currentThread();
    Thread driver =
        new Thread(
            () -> {
              while (!firstPrepare.isDone()) {
                if (prepares.get() > 0 && caller.getState() == Thread.State.WAITING) {
                  firstPrepare.complete(prepared);
                }
                Thread.onSpinWait();
              }
            });
    driver.setDaemon(true);
    driver.start();
    CqlSession session =
        Mockito.mock(
            CqlSession.class,
            invocation ->
                switch (invocation.getMethod().getName()) {
                  case "prepareAsync" -> {
                    if (prepares.getAndIncrement() == 0) {
                      yield firstPrepare;
                    }
                    firstPrepare.complete(prepared);
                    yield CompletableFuture.completedFuture(prepared);
                  }
                  case "executeAsync" -> {
                    executed.add(values.get((BoundStatement) invocation.getArgument(0)));
                    yield CompletableFuture.completedFuture(page);
                  }
                  case "inCallerContext" -> invocation.getArgument(0);
                  default ->
                      throw new UnsupportedOperationException(invocation.getMethod().getName());
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

  @Test
  void should_send_writes_of_the_same_key_in_order_on_a_cold_statement_cache() {
    repository().saveAll(List.of(new Item(1, "first"), new Item(1, "second")));
    assertThat(executed).extracting(row -> row.get(1)).containsExactly("first", "second");
  }

  @Test
  void should_insert_many_of_the_same_key_in_order_on_a_cold_statement_cache() {
    repository().insert(List.of(new Item(7, "a"), new Item(8, "b"), new Item(7, "c")));
    assertThat(executed.stream().filter(row -> row.get(0).equals(7)).map(row -> row.get(1)))
        .containsExactly("a", "c");
  }
}
