package io.scyllaboot.driver.api;

/**
 * A snapshot of the session's prepared-statement cache.
 *
 * @param size statements cached now
 * @param hits look-ups that found a statement
 * @param misses look-ups that had to prepare
 * @param evictions statements evicted to respect the bound ({@code max-prepared})
 */
public record PreparedCacheStats(long size, long hits, long misses, long evictions) {}
