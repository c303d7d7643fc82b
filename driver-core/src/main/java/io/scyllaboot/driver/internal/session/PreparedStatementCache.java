package io.scyllaboot.driver.internal.session;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.scyllaboot.driver.api.PreparedCacheStats;
import io.scyllaboot.driver.internal.cql.DefaultPreparedStatement;
import io.scyllaboot.driver.internal.metrics.SessionMetrics;
import io.scyllaboot.driver.internal.util.Futures;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The session's prepared statements, by query text (the session has one keyspace): a Caffeine cache
 * bounded by {@code maxPrepared}. Only successful PREPAREs enter it, so a failed one is neither
 * cached nor logged by the cache; concurrent first uses of a statement share one PREPARE. The hot
 * path is {@link #get}: one lookup, no allocation.
 */
final class PreparedStatementCache {
  private final Cache<String, DefaultPreparedStatement> cache;
  private final ConcurrentHashMap<String, CompletableFuture<DefaultPreparedStatement>> preparing =
      new ConcurrentHashMap<>();
  private final Function<String, CompletableFuture<DefaultPreparedStatement>> prepare;
  // Bumped by clear(): a PREPARE that started before is neither cached nor shared afterwards.
  private final java.util.concurrent.atomic.AtomicLong generation =
      new java.util.concurrent.atomic.AtomicLong();

  /**
   * @param prepare prepares a query on the cluster
   */
  PreparedStatementCache(
      int maxPrepared,
      SessionMetrics metrics,
      Function<String, CompletableFuture<DefaultPreparedStatement>> prepare) {
    this.cache = Caffeine.newBuilder().maximumSize(maxPrepared).recordStats().build();
    this.prepare = prepare;
    metrics.preparedCache(cache);
  }

  /**
   * Forgets every statement: a USE switched the session's keyspace, and a query text naming a table
   * without its keyspace now means another table.
   */
  void clear() {
    generation.incrementAndGet();
    preparing.clear();
    cache.invalidateAll();
  }

  /** The cached statement, or null (counted as a miss). */
  DefaultPreparedStatement get(String cql) {
    return cache.getIfPresent(cql);
  }

  /** The cached statement, or a PREPARE shared with concurrent callers. */
  CompletableFuture<DefaultPreparedStatement> getOrPrepare(String cql) {
    DefaultPreparedStatement cached = cache.getIfPresent(cql);
    return cached != null ? CompletableFuture.completedFuture(cached) : prepareMissing(cql);
  }

  /**
   * Prepares a statement {@link #get} did not find, sharing the PREPARE with concurrent callers.
   */
  CompletableFuture<DefaultPreparedStatement> prepareMissing(String cql) {
    long started = generation.get();
    CompletableFuture<DefaultPreparedStatement> mine = new CompletableFuture<>();
    CompletableFuture<DefaultPreparedStatement> underWay = preparing.putIfAbsent(cql, mine);
    if (underWay != null) {
      return underWay;
    }
    DefaultPreparedStatement done = cache.asMap().get(cql); // finished meanwhile
    if (done != null) {
      preparing.remove(cql, mine);
      mine.complete(done);
      return mine;
    }
    CompletableFuture<DefaultPreparedStatement> work;
    try {
      work = prepare.apply(cql);
    } catch (RuntimeException e) {
      // Else the entry stays "preparing" and every later caller of this text waits forever.
      work = CompletableFuture.failedFuture(e);
    }
    work.whenComplete(
        (prepared, error) -> {
          if (error == null && generation.get() == started) {
            cache.put(cql, prepared); // before leaving "preparing": no gap
          }
          preparing.remove(cql, mine);
          if (error == null) {
            mine.complete(prepared);
          } else {
            mine.completeExceptionally(Futures.unwrap(error));
          }
        });
    return mine;
  }

  PreparedCacheStats stats() {
    cache.cleanUp(); // evictions are applied lazily: settle them before reporting the size
    com.github.benmanes.caffeine.cache.stats.CacheStats stats = cache.stats();
    return new PreparedCacheStats(
        cache.estimatedSize(), stats.hitCount(), stats.missCount(), stats.evictionCount());
  }
}
