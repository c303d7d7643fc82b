package io.scyllaboot.driver.internal.util;

import io.netty.util.concurrent.FastThreadLocalThread;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Creates the driver's I/O and timer threads, and tells whether the current thread is one of them,
 * so that the synchronous API can refuse to block a thread that would have to complete its own
 * request.
 */
public final class DriverThreads {
  private DriverThreads() {}

  /** A thread that belongs to the driver; blocking on it could deadlock. */
  static final class DriverThread extends FastThreadLocalThread {
    DriverThread(Runnable task, String name) {
      super(task, name);
      setDaemon(true);
    }
  }

  public static ThreadFactory factory(String prefix) {
    AtomicInteger counter = new AtomicInteger();
    return task -> new DriverThread(task, prefix + "-" + counter.incrementAndGet());
  }

  public static boolean isDriverThread() {
    return Thread.currentThread() instanceof DriverThread;
  }

  /**
   * Throws when called on a driver thread.
   *
   * @throws IllegalStateException naming the operation, when the current thread is a driver thread
   */
  public static void checkNotDriverThread(String operation) {
    if (isDriverThread()) {
      throw new IllegalStateException(
          "synchronous "
              + operation
              + " called on driver I/O thread "
              + Thread.currentThread().getName()
              + ": it would block the thread that must complete it; use the async API in"
              + " callbacks");
    }
  }
}
