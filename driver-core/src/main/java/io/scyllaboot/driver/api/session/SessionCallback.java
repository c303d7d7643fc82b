package io.scyllaboot.driver.api.session;

/**
 * Work run by {@code CqlSession.executeInSession}: several statements on one connection.
 *
 * @param <T> the result
 */
@FunctionalInterface
public interface SessionCallback<T> {
  T doInSession(PinnedSession session);
}
