package io.scyllaboot.driver.api.session;

import java.util.concurrent.CompletionStage;

/**
 * Asynchronous work run by {@code CqlSession.executeInSessionAsync}: several statements on one
 * connection, composed without blocking.
 *
 * @param <T> the result
 */
@FunctionalInterface
public interface AsyncSessionCallback<T> {
  CompletionStage<T> doInSession(PinnedSession session);
}
