package io.scyllaboot.spring.reactive.cql;

import org.reactivestreams.Publisher;

/**
 * Reactive work run by {@link ReactiveCqlOperations#executeInSession}: several statements on one
 * connection, composed without blocking.
 *
 * @param <T> the elements the work emits
 */
@FunctionalInterface
public interface ReactiveSessionCallback<T> {
  /**
   * @param session operations bound to one connection; valid until the returned publisher
   *     terminates or is cancelled
   */
  Publisher<T> doInSession(ReactiveCqlOperations session);
}
