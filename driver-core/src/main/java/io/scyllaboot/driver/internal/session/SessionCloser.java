package io.scyllaboot.driver.internal.session;

import io.netty.channel.EventLoopGroup;
import io.netty.util.HashedWheelTimer;
import io.scyllaboot.driver.internal.metrics.SessionMetrics;
import io.scyllaboot.driver.internal.util.DriverThreads;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Closes a session: waits for the requests in flight (up to the request timeout), closes the
 * connections, then stops the timer and the event loops. Every step is bounded and runs even if the
 * one before failed, so that closing always ends.
 */
final class SessionCloser {
  private static final Logger LOG = LoggerFactory.getLogger(SessionCloser.class);

  private final SessionSettings settings;
  private final Cluster cluster;
  private final SessionMetrics metrics;
  private final HashedWheelTimer timer;
  private final EventLoopGroup group;
  private final CompletableFuture<Void> closeFuture;

  SessionCloser(
      SessionSettings settings,
      Cluster cluster,
      SessionMetrics metrics,
      HashedWheelTimer timer,
      EventLoopGroup group,
      CompletableFuture<Void> closeFuture) {
    this.settings = settings;
    this.cluster = cluster;
    this.metrics = metrics;
    this.timer = timer;
    this.group = group;
    this.closeFuture = closeFuture;
  }

  /**
   * How long closing may take past the drain deadline: for the connections to close, then for the
   * event loops to finish. Past it the session is released anyway, so that a stuck connection never
   * hangs the caller of {@code close()}.
   */
  static final Duration CLOSE_GRACE = Duration.ofSeconds(2);

  /** Drains, closes the connections, then releases the threads; completes the close future. */
  void start() {
    long drainNanos = settings.requestTimeout().toNanos();
    CompletableFuture<Void> connectionsClosed = new CompletableFuture<>();
    drainInFlight(System.nanoTime() + drainNanos)
        .thenCompose(drained -> cluster.close())
        .whenComplete(
            (ignored, error) -> {
              if (error != null) {
                LOG.warn("[{}] error while closing the connections", settings.sessionName(), error);
              }
              connectionsClosed.complete(null);
            });
    connectionsClosed.completeOnTimeout(
        null, drainNanos + CLOSE_GRACE.toNanos(), TimeUnit.NANOSECONDS);
    // On a thread of its own: the close may end on the timer thread, which cannot stop its own
    // timer, or on an event loop, which must not wait for the timer and the group to stop.
    connectionsClosed.thenRunAsync(
        this::releaseThreads,
        task -> DriverThreads.factory(settings.sessionName() + "-close").newThread(task).start());
  }

  /** Stops the timer and the event loops; each step runs even if the one before failed. */
  private void releaseThreads() {
    try {
      metrics.close();
    } catch (RuntimeException e) {
      LOG.warn("[{}] could not close the metrics", settings.sessionName(), e);
    }
    try {
      if (!cluster.releaseAdmin(CLOSE_GRACE.toMillis())) {
        LOG.warn(
            "[{}] the admin executor is still busy; closed without it", settings.sessionName());
      }
    } catch (RuntimeException e) {
      LOG.warn("[{}] could not stop the admin executor", settings.sessionName(), e);
    }
    try {
      timer.stop();
    } catch (RuntimeException e) {
      LOG.warn("[{}] could not stop the timer", settings.sessionName(), e);
    }
    try {
      if (!group
          .shutdownGracefully(0, CLOSE_GRACE.toMillis(), TimeUnit.MILLISECONDS)
          .awaitUninterruptibly(CLOSE_GRACE.toMillis() * 2)) {
        LOG.warn("[{}] an event loop is still busy; closed without it", settings.sessionName());
      }
    } finally {
      closeFuture.complete(null);
    }
  }

  /**
   * Completes when no request a caller waits for is in flight any more, or at the deadline, or when
   * counting fails: it runs on the timer, which swallows a task's exception, so nothing else would
   * complete it then.
   */
  private CompletionStage<Void> drainInFlight(long deadline) {
    CompletableFuture<Void> drained = new CompletableFuture<>();
    Runnable check =
        new Runnable() {
          @Override
          public void run() {
            try {
              int inFlight = 0;
              for (var node : cluster.nodes()) {
                inFlight += node.inFlightRequests();
              }
              // An orphan (a timed-out request's id) has no caller left: only its late response.
              inFlight -= cluster.orphanedIds();
              if (inFlight == 0 || System.nanoTime() - deadline >= 0) {
                drained.complete(null);
              } else {
                timer.newTimeout(timeout -> run(), 10, TimeUnit.MILLISECONDS);
              }
            } catch (RuntimeException e) {
              LOG.warn(
                  "[{}] could not wait for the requests in flight; closing now",
                  settings.sessionName(),
                  e);
              drained.complete(null);
            }
          }
        };
    check.run();
    return drained;
  }
}
