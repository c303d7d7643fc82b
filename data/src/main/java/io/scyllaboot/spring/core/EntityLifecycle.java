package io.scyllaboot.spring.core;

import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.spring.core.mapping.event.AfterConvertCallback;
import io.scyllaboot.spring.core.mapping.event.BeforeConvertCallback;
import io.scyllaboot.spring.core.mapping.event.BeforeSaveCallback;
import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.data.mapping.callback.EntityCallbacks;

/**
 * The template's entity callbacks and application events; both are no-ops until set, so a template
 * without a Spring context pays one null check per hook.
 */
final class EntityLifecycle {
  private volatile @Nullable EntityCallbacks callbacks;
  private volatile @Nullable ApplicationEventPublisher publisher;
  private volatile boolean eventsEnabled = true;

  void setCallbacks(@Nullable EntityCallbacks callbacks) {
    this.callbacks = callbacks;
  }

  void setPublisher(@Nullable ApplicationEventPublisher publisher) {
    this.publisher = publisher;
  }

  void setEventsEnabled(boolean enabled) {
    this.eventsEnabled = enabled;
  }

  /** Whether there are callbacks or events at all (else async work needs no thread hop). */
  boolean isActive() {
    return callbacks != null || publishes();
  }

  /** Whether events are published at all (so that callers skip building them). */
  boolean publishes() {
    return eventsEnabled && publisher != null;
  }

  void publish(ApplicationEvent event) {
    ApplicationEventPublisher target = publisher;
    if (eventsEnabled && target != null) {
      target.publishEvent(event);
    }
  }

  <T> T beforeConvert(T entity, String table) {
    EntityCallbacks target = callbacks;
    return target == null ? entity : target.callback(BeforeConvertCallback.class, entity, table);
  }

  <T> T beforeSave(T entity, String table, Statement<?> statement) {
    EntityCallbacks target = callbacks;
    return target == null
        ? entity
        : target.callback(BeforeSaveCallback.class, entity, table, statement);
  }

  <T> T afterConvert(T entity, String table) {
    EntityCallbacks target = callbacks;
    return target == null ? entity : target.callback(AfterConvertCallback.class, entity, table);
  }
}
