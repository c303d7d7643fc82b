package io.scyllaboot.driver.internal.metrics;

import com.github.benmanes.caffeine.cache.Cache;
import io.scyllaboot.driver.internal.connection.TrafficCounter;
import io.scyllaboot.driver.internal.metadata.DefaultNode;

/**
 * What the session reports. Chosen once when the session is built: {@link NoopSessionMetrics} when
 * no registry is configured, so that the request path then pays one virtual call that does nothing.
 */
public interface SessionMetrics extends TrafficCounter {

  /** A start time for {@link #requestSucceeded}/{@link #requestFailed}; 0 when disabled. */
  long start();

  void requestSucceeded(long startNanos);

  void requestFailed(long startNanos, Throwable error);

  void retried();

  /** A speculative execution started (a request also sent to the next node). */
  void speculativeExecution();

  void throttled();

  /** A request was answered by a node of a remote data center (remote-DC failover). */
  void remoteDatacenterRequest();

  void nodeAdded(DefaultNode node);

  /** The node left the cluster: its meters go. */
  void nodeRemoved(DefaultNode node);

  void preparedCache(Cache<?, ?> cache);

  /** Whether traffic must be counted (a pipeline handler is added only then). */
  boolean countsTraffic();

  void close();
}
