package io.scyllaboot.spring.reactive.cql;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A session that counts what a consumer of pages does: queries sent, next-page fetches, fetches in
 * flight and pages held (delivered, not yet used up or closed), with the maximum of each. Wraps a
 * real session; everything else is passed through.
 */
final class CountingSession {
  final AtomicInteger queries = new AtomicInteger();
  final AtomicInteger fetches = new AtomicInteger();
  final AtomicInteger inFlight = new AtomicInteger();
  final AtomicInteger maxInFlight = new AtomicInteger();
  final AtomicInteger held = new AtomicInteger();

  /** Pages held or in flight at once, at most. */
  final AtomicInteger maxHeldOrInFlight = new AtomicInteger();

  private final CqlSession session;

  CountingSession(CqlSession delegate) {
    this.session =
        (CqlSession)
            Proxy.newProxyInstance(
                CqlSession.class.getClassLoader(),
                new Class<?>[] {CqlSession.class},
                (proxy, method, args) -> {
                  Object result = invoke(delegate, method, args);
                  if (method.getName().equals("executeAsync")) {
                    queries.incrementAndGet();
                    return track(result);
                  }
                  return result;
                });
  }

  CqlSession session() {
    return session;
  }

  private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  @SuppressWarnings("unchecked")
  private Object track(Object stage) {
    started();
    return ((CompletionStage<AsyncResultSet>) stage)
        .whenComplete((page, error) -> inFlight.decrementAndGet())
        .thenApply(this::wrap);
  }

  private void started() {
    maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
    maxHeldOrInFlight.accumulateAndGet(inFlight.get() + held.get(), Math::max);
  }

  private AsyncResultSet wrap(AsyncResultSet page) {
    held.incrementAndGet();
    maxHeldOrInFlight.accumulateAndGet(inFlight.get() + held.get(), Math::max);
    AtomicBoolean released = new AtomicBoolean();
    Runnable release =
        () -> {
          if (released.compareAndSet(false, true)) {
            held.decrementAndGet();
          }
        };
    return (AsyncResultSet)
        Proxy.newProxyInstance(
            AsyncResultSet.class.getClassLoader(),
            new Class<?>[] {AsyncResultSet.class},
            (proxy, method, args) -> {
              switch (method.getName()) {
                case "fetchNextPage" -> {
                  fetches.incrementAndGet();
                  return track(invoke(page, method, args));
                }
                case "close" -> release.run();
                default -> {}
              }
              Object result = invoke(page, method, args);
              if (method.getName().equals("one") && result == null) {
                release.run(); // used up: the real page closes itself
              }
              return result;
            });
  }
}
