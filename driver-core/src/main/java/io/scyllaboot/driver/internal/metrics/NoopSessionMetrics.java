package io.scyllaboot.driver.internal.metrics;

import com.github.benmanes.caffeine.cache.Cache;
import io.scyllaboot.driver.internal.metadata.DefaultNode;

/** Metrics off: every method does nothing. */
public enum NoopSessionMetrics implements SessionMetrics {
  INSTANCE;

  @Override
  public long start() {
    return 0;
  }

  @Override
  public void requestSucceeded(long startNanos) {}

  @Override
  public void requestFailed(long startNanos, Throwable error) {}

  @Override
  public void retried() {}

  @Override
  public void speculativeExecution() {}

  @Override
  public void remoteDatacenterRequest() {}

  @Override
  public void throttled() {}

  @Override
  public void nodeAdded(DefaultNode node) {}

  @Override
  public void nodeRemoved(DefaultNode node) {}

  @Override
  public void preparedCache(Cache<?, ?> cache) {}

  @Override
  public boolean countsTraffic() {
    return false;
  }

  @Override
  public void bytesSent(int bytes) {}

  @Override
  public void bytesReceived(int bytes) {}

  @Override
  public void close() {}
}
