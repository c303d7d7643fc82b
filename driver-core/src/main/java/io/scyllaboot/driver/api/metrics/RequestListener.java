package io.scyllaboot.driver.api.metrics;

import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Hears every request of a session from its start to its end: for tracing (one span per request),
 * custom metrics or logs. Registered with {@code CqlSessionBuilder.addRequestListener}; a session
 * without listeners pays one null check per request.
 *
 * <p>A request is one call of {@code execute}/{@code executeAsync} through the load-balanced path,
 * retries and the next page's fetch each included in their own request; statements of a session
 * callback (pinned to one connection) and the preparation of statements are not reported.
 *
 * <p>{@link #onStart} runs on the caller's thread before the request is queued or sent; {@link
 * #onSuccess} and {@link #onError} run on a driver I/O thread, once per request, and must return
 * quickly without blocking. An exception a listener throws is logged and otherwise ignored.
 */
public interface RequestListener {

  /**
   * A request starts. The returned object (e.g. an open span) is handed back to {@link #onSuccess}
   * or {@link #onError}, so that a listener keeps no map of requests in flight.
   *
   * @return the request's context for this listener, or null
   */
  @Nullable Object onStart(RequestInfo request);

  /** The request's result came (the first page of rows for a query). */
  void onSuccess(RequestInfo request, @Nullable Object context);

  /**
   * The request failed for good: a server error that is not retried, a timeout, no node left, or
   * refusal by the throttler (then {@link RequestInfo#node()} is null).
   */
  void onError(RequestInfo request, @Nullable Object context, Throwable error);

  /**
   * Carries the caller's context (a tracer's current span) over to requests that start on another
   * thread than the caller's: those of a query whose statement is prepared first (they start where
   * the PREPARE completes), or those a continuation starts ({@code CqlSession.inCallerContext}).
   * Called on the caller's thread; {@link #onStart} of such a request runs inside the returned
   * function. The default returns {@code continuation} as it is.
   */
  default <T, R> Function<T, R> onDeferredStart(Function<T, R> continuation) {
    return continuation;
  }
}
