package io.scyllaboot.driver.internal.metrics;

import io.scyllaboot.driver.api.metrics.RequestInfo;
import io.scyllaboot.driver.api.metrics.RequestListener;
import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The session's listeners as one: each hears every request with its own context (an array of them
 * when there are several), and an exception one throws is logged, never passed to the request or to
 * the other listeners.
 */
final class GuardedRequestListeners implements RequestListener {
  private static final Logger LOG = LoggerFactory.getLogger(GuardedRequestListeners.class);

  private final RequestListener[] listeners;

  private GuardedRequestListeners(List<RequestListener> listeners) {
    this.listeners = listeners.toArray(new RequestListener[0]);
  }

  /** The listeners as one, or null when there is none (the request path then checks for null). */
  static @Nullable RequestListener of(List<RequestListener> listeners) {
    return listeners.isEmpty() ? null : new GuardedRequestListeners(listeners);
  }

  @Override
  public @Nullable Object onStart(RequestInfo request) {
    if (listeners.length == 1) {
      return start(listeners[0], request);
    }
    Object[] contexts = new Object[listeners.length];
    for (int i = 0; i < listeners.length; i++) {
      contexts[i] = start(listeners[i], request);
    }
    return contexts;
  }

  @Override
  public void onSuccess(RequestInfo request, @Nullable Object context) {
    if (listeners.length == 1) {
      end(listeners[0], request, context, null);
      return;
    }
    Object[] contexts = (Object[]) context;
    for (int i = 0; i < listeners.length; i++) {
      end(listeners[i], request, contexts[i], null);
    }
  }

  @Override
  public void onError(RequestInfo request, @Nullable Object context, Throwable error) {
    if (listeners.length == 1) {
      end(listeners[0], request, context, error);
      return;
    }
    Object[] contexts = (Object[]) context;
    for (int i = 0; i < listeners.length; i++) {
      end(listeners[i], request, contexts[i], error);
    }
  }

  @Override
  public <T, R> Function<T, R> onDeferredStart(Function<T, R> continuation) {
    Function<T, R> wrapped = continuation;
    for (RequestListener listener : listeners) {
      try {
        wrapped = listener.onDeferredStart(wrapped);
      } catch (RuntimeException e) {
        LOG.warn("request listener {} failed on a deferred start; ignored", listener, e);
      }
    }
    return wrapped;
  }

  private static @Nullable Object start(RequestListener listener, RequestInfo request) {
    try {
      return listener.onStart(request);
    } catch (RuntimeException e) {
      LOG.warn("request listener {} failed on start; ignored", listener, e);
      return null;
    }
  }

  private static void end(
      RequestListener listener,
      RequestInfo request,
      @Nullable Object context,
      @Nullable Throwable error) {
    try {
      if (error == null) {
        listener.onSuccess(request, context);
      } else {
        listener.onError(request, context, error);
      }
    } catch (RuntimeException e) {
      LOG.warn("request listener {} failed on completion; ignored", listener, e);
    }
  }
}
