package io.scyllaboot.spring.reactive;

import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.spring.core.mapping.event.ReactiveAfterConvertCallback;
import io.scyllaboot.spring.core.mapping.event.ReactiveBeforeConvertCallback;
import io.scyllaboot.spring.core.mapping.event.ReactiveBeforeSaveCallback;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.data.mapping.callback.ReactiveEntityCallbacks;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * The reactive template's entity callbacks and application events. Listeners and callbacks are
 * application code that may block (a listener calling a blocking repository), so while any is set
 * they run on {@link #scheduler} instead of the driver's I/O thread that completed the statement;
 * without any, nothing changes thread.
 */
final class ReactiveEntityLifecycle {
  private static final int PREFETCH = 32;

  private volatile @Nullable ReactiveEntityCallbacks callbacks;
  private volatile @Nullable ApplicationEventPublisher publisher;
  private volatile boolean eventsEnabled = true;
  private volatile Scheduler scheduler = Schedulers.boundedElastic();

  void setCallbacks(@Nullable ReactiveEntityCallbacks callbacks) {
    this.callbacks = callbacks;
  }

  void setPublisher(@Nullable ApplicationEventPublisher publisher) {
    this.publisher = publisher;
  }

  void setEventsEnabled(boolean enabled) {
    this.eventsEnabled = enabled;
  }

  void setScheduler(Scheduler scheduler) {
    this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
  }

  /** Whether events are published at all (so that callers skip building them). */
  boolean publishes() {
    return eventsEnabled && publisher != null;
  }

  boolean hasCallbacks() {
    return callbacks != null;
  }

  /** Moves the signals to the lifecycle scheduler when there is lifecycle work to run. */
  <T> Mono<T> offIoThread(Mono<T> signals) {
    return publishes() || hasCallbacks() ? signals.publishOn(scheduler) : signals;
  }

  /** As for a Mono; requests {@value #PREFETCH} rows ahead, so that pages still follow demand. */
  <T> Flux<T> offIoThread(Flux<T> signals) {
    return publishes() || hasCallbacks() ? signals.publishOn(scheduler, PREFETCH) : signals;
  }

  void publish(ApplicationEvent event) {
    ApplicationEventPublisher target = publisher;
    if (eventsEnabled && target != null) {
      target.publishEvent(event);
    }
  }

  <T> Mono<T> beforeConvert(T entity, String table) {
    ReactiveEntityCallbacks target = callbacks;
    return target == null
        ? Mono.just(entity)
        : target.callback(ReactiveBeforeConvertCallback.class, entity, table);
  }

  <T> Mono<T> beforeSave(T entity, String table, Statement<?> statement) {
    ReactiveEntityCallbacks target = callbacks;
    return target == null
        ? Mono.just(entity)
        : target.callback(ReactiveBeforeSaveCallback.class, entity, table, statement);
  }

  <T> Mono<T> afterConvert(T entity, String table) {
    ReactiveEntityCallbacks target = callbacks;
    return target == null
        ? Mono.just(entity)
        : target.callback(ReactiveAfterConvertCallback.class, entity, table);
  }
}
