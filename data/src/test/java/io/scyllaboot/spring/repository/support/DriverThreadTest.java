package io.scyllaboot.spring.repository.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.BoundStatement;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.internal.util.DriverThreads;
import io.scyllaboot.spring.core.ScyllaTemplate;
import io.scyllaboot.spring.core.query.Query;
import io.scyllaboot.spring.cql.CqlTemplate;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.repository.CqlPageRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;

/**
 * The blocking many-row calls fail at once on a driver I/O thread (a listener or callback of the
 * async API): waiting there would stall the thread that must answer them. The fake session never
 * answers, so a call that waits is seen not to return.
 */
class DriverThreadTest {

  @Table
  record Item(@PartitionKey int id, String name) {}

  private final ScyllaTemplate template;
  private final SimpleScyllaRepository<Item, Integer> repository;

  DriverThreadTest() {
    PreparedStatement prepared =
        Mockito.mock(PreparedStatement.class, invocation -> Mockito.mock(BoundStatement.class));
    CqlSession session =
        Mockito.mock(
            CqlSession.class,
            invocation ->
                switch (invocation.getMethod().getName()) {
                  case "prepare" -> prepared;
                  case "prepareAsync" -> CompletableFuture.completedFuture(prepared);
                  case "executeAsync" -> new CompletableFuture<>();
                  case "inCallerContext" -> invocation.getArgument(0);
                  default ->
                      throw new UnsupportedOperationException(invocation.getMethod().getName());
                });
    ScyllaEntityConverter converter = new ScyllaEntityConverter(new ScyllaMappingContext());
    @SuppressWarnings("unchecked")
    ScyllaPersistentEntity<Item> entity =
        (ScyllaPersistentEntity<Item>)
            converter.getMappingContext().getRequiredPersistentEntity(Item.class);
    template =
        new ScyllaTemplate(new CqlTemplate(session, new ScyllaExceptionTranslator()), converter);
    repository =
        new SimpleScyllaRepository<>(
            template, new EntityStatements<>(entity, Integer.class, converter));
  }

  @Test
  void should_fail_at_once_on_a_driver_thread_naming_the_call() throws Exception {
    List<Item> items = List.of(new Item(1, "a"), new Item(2, "b"));
    Map<String, Consumer<SimpleScyllaRepository<Item, Integer>>> calls = new LinkedHashMap<>();
    calls.put("saveAll", repository -> repository.saveAll(items));
    calls.put("insert", repository -> repository.insert(items));
    calls.put("findAllById", repository -> repository.findAllById(List.of(1, 2)));
    calls.put("deleteAll", repository -> repository.deleteAll(items));
    calls.put("deleteAllById", repository -> repository.deleteAllById(List.of(1, 2)));
    calls.put("findAll", repository -> repository.findAll(CqlPageRequest.first(10)));
    calls.put(
        "slice",
        repository ->
            template.slice(Query.empty().pageRequest(CqlPageRequest.first(10)), Item.class));
    for (Map.Entry<String, Consumer<SimpleScyllaRepository<Item, Integer>>> call :
        calls.entrySet()) {
      CompletableFuture<Throwable> failure = new CompletableFuture<>();
      DriverThreads.factory("test-io")
          .newThread(
              () -> {
                try {
                  call.getValue().accept(repository);
                  failure.complete(null);
                } catch (Throwable e) {
                  failure.complete(e);
                }
              })
          .start();
      Throwable thrown = failure.get(5, TimeUnit.SECONDS);
      assertThat(thrown)
          .as(call.getKey())
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("driver I/O thread")
          .hasMessageContaining(call.getKey());
    }
  }
}
