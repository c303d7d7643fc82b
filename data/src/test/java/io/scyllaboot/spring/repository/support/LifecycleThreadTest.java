package io.scyllaboot.spring.repository.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.BoundStatement;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.spring.core.DeleteOptions;
import io.scyllaboot.spring.core.InsertOptions;
import io.scyllaboot.spring.core.ScyllaTemplate;
import io.scyllaboot.spring.core.mapping.event.AfterConvertCallback;
import io.scyllaboot.spring.core.mapping.event.BeforeSaveCallback;
import io.scyllaboot.spring.cql.CqlTemplate;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.mapping.Table;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.springframework.data.mapping.callback.EntityCallbacks;

/**
 * Callbacks and mapping events never run on the driver's I/O threads (where a listener that calls a
 * repository would block the event loop): the repository's {@code ...All} methods run them on the
 * calling thread, the template's async methods off the I/O thread. A fake session completes every
 * request on its own "io" thread, as the driver's event loop does.
 */
class LifecycleThreadTest {
  @Table
  record Item(@PartitionKey int id, String name) {}

  private final ExecutorService io =
      Executors.newSingleThreadExecutor(task -> new Thread(task, "fake-io"));
  private final Set<String> threads = ConcurrentHashMap.newKeySet();
  private ScyllaTemplate template;
  private SimpleScyllaRepository<Item, Integer> repository;

  @AfterEach
  void stop() throws InterruptedException {
    io.shutdownNow();
    assertThat(io.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
  }

  private static Row row(int id) {
    return Mockito.mock(
        Row.class,
        invocation ->
            switch (invocation.getMethod().getName()) {
              case "getObject" -> "id".equals(invocation.getArgument(0)) ? id : "n" + id;
              default -> null;
            });
  }

  private AsyncResultSet page(boolean withRow) {
    AsyncResultSet page = Mockito.mock(AsyncResultSet.class);
    Mockito.when(page.wasApplied()).thenReturn(true);
    Mockito.when(page.currentPage()).thenReturn(withRow ? List.of(row(7)) : List.of());
    Mockito.when(page.remaining()).thenReturn(withRow ? 1 : 0);
    Mockito.when(page.one()).thenReturn(withRow ? row(7) : null);
    return page;
  }

  private void setUp() {
    PreparedStatement prepared =
        Mockito.mock(PreparedStatement.class, invocation -> Mockito.mock(BoundStatement.class));
    CqlSession session =
        Mockito.mock(
            CqlSession.class,
            invocation -> {
              String method = invocation.getMethod().getName();
              if (method.equals("prepareAsync")) {
                // Not prepared yet: the statement arrives on the I/O thread.
                return CompletableFuture.supplyAsync(() -> prepared, io);
              }
              if (method.equals("executeAsync")) {
                return CompletableFuture.supplyAsync(() -> page(true), io);
              }
              if (method.equals("inCallerContext")) {
                return invocation.getArgument(0); // no request listener
              }
              throw new UnsupportedOperationException(method);
            });
    ScyllaEntityConverter converter = new ScyllaEntityConverter(new ScyllaMappingContext());
    template =
        new ScyllaTemplate(new CqlTemplate(session, new ScyllaExceptionTranslator()), converter);
    template.setApplicationEventPublisher(event -> threads.add(Thread.currentThread().getName()));
    template.setEntityCallbacks(
        EntityCallbacks.create(
            (BeforeSaveCallback<Item>)
                (entity, table, statement) -> {
                  threads.add(Thread.currentThread().getName());
                  return entity;
                },
            (AfterConvertCallback<Item>)
                (entity, table) -> {
                  threads.add(Thread.currentThread().getName());
                  return entity;
                }));
    @SuppressWarnings("unchecked")
    ScyllaPersistentEntity<Item> entity =
        (ScyllaPersistentEntity<Item>)
            converter.getMappingContext().getRequiredPersistentEntity(Item.class);
    repository =
        new SimpleScyllaRepository<>(
            template, new EntityStatements<>(entity, Integer.class, converter));
  }

  private static List<Item> items() {
    return IntStream.range(0, 100).mapToObj(i -> new Item(i, "n" + i)).toList();
  }

  @Test
  void should_run_the_callbacks_and_events_of_save_all_on_the_calling_thread() {
    setUp();
    repository.saveAll(items());
    assertThat(threads).containsExactly(Thread.currentThread().getName());
  }

  @Test
  void should_run_the_events_of_find_all_by_id_and_delete_all_on_the_calling_thread() {
    setUp();
    assertThat(repository.findAllById(List.of(1, 2, 3))).hasSize(3);
    repository.deleteAll(items());
    repository.deleteAllById(List.of(1, 2, 3));
    assertThat(threads).containsExactly(Thread.currentThread().getName());
  }

  @Test
  void should_run_the_callbacks_and_events_of_async_template_methods_off_the_io_thread() {
    setUp();
    template.insertAsync(new Item(1, "a"), InsertOptions.empty()).join();
    template.deleteAsync(new Item(1, "a"), DeleteOptions.empty()).join();
    template.deleteByIdAsync(1, Item.class).join();
    assertThat(template.selectOneByIdAsync(7, Item.class).join()).isEqualTo(new Item(7, "n7"));
    assertThat(threads).isNotEmpty().doesNotContain("fake-io");
  }
}
