package io.scyllaboot.autoconfigure.endpoint;

import io.scyllaboot.driver.api.Compression;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.PreparedCacheStats;
import io.scyllaboot.driver.api.metrics.SessionSnapshot;
import java.util.List;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

/**
 * {@code /actuator/scylla}: what the session sees now (nodes with their data center, rack, state,
 * shard count and pool; the statement cache; protocol version and compression; the throttler).
 * Read-only; exposed and secured like any other endpoint ({@code
 * management.endpoints.web.exposure.include=scylla}).
 */
@Endpoint(id = "scylla")
public class ScyllaEndpoint {
  private final CqlSession session;

  public ScyllaEndpoint(CqlSession session) {
    this.session = session;
  }

  @ReadOperation
  public Report report() {
    SessionSnapshot snapshot = session.snapshot();
    return new Report(
        snapshot.sessionName(),
        snapshot.protocolVersion(),
        snapshot.compression(),
        snapshot.nodes(),
        StatementCache.of(snapshot.preparedCache()),
        snapshot.throttler());
  }

  /** The endpoint's answer. */
  public record Report(
      String session,
      int protocolVersion,
      Compression compression,
      List<SessionSnapshot.NodeInfo> nodes,
      StatementCache statementCache,
      SessionSnapshot.ThrottlerInfo throttler) {}

  /**
   * The prepared-statement cache.
   *
   * @param hitRatio hits / (hits + misses), 0 before the first look-up
   */
  public record StatementCache(long size, long hits, long misses, double hitRatio, long evictions) {
    static StatementCache of(PreparedCacheStats stats) {
      long lookups = stats.hits() + stats.misses();
      return new StatementCache(
          stats.size(),
          stats.hits(),
          stats.misses(),
          lookups == 0 ? 0.0 : (double) stats.hits() / lookups,
          stats.evictions());
    }
  }
}
