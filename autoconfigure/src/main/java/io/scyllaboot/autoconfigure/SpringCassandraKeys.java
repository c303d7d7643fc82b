package io.scyllaboot.autoconfigure;

import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Every key of Spring Boot's Cassandra properties ({@code spring.cassandra.*}, and {@code
 * spring.data.cassandra.*} of Spring Data's starter) and its Scylla Boot counterpart. The README's
 * properties section prints this table; {@code ScyllaPropertyKeysTest} checks both against each
 * other and against the configuration metadata.
 */
public final class SpringCassandraKeys {

  /** A Scylla Boot key, or none with the reason. */
  public record Counterpart(@Nullable String key, String note) {
    static Counterpart of(String key) {
      return new Counterpart(key, "");
    }

    static Counterpart of(String key, String note) {
      return new Counterpart(key, note);
    }

    static Counterpart none(String why) {
      return new Counterpart(null, why);
    }
  }

  private static final Map<String, Counterpart> KEYS = new LinkedHashMap<>();

  static {
    put("spring.cassandra.keyspace-name", Counterpart.of("scylla.keyspace"));
    put("spring.cassandra.contact-points", Counterpart.of("scylla.contact-points"));
    put("spring.cassandra.port", Counterpart.of("scylla.port"));
    put("spring.cassandra.local-datacenter", Counterpart.of("scylla.local-datacenter"));
    put("spring.cassandra.username", Counterpart.of("scylla.username"));
    put("spring.cassandra.password", Counterpart.of("scylla.password"));
    put(
        "spring.cassandra.schema-action",
        Counterpart.of(
            "scylla.schema-action",
            "the same values; creating a keyspace also needs scylla.keyspace-replication"));
    put("spring.cassandra.compression", Counterpart.of("scylla.compression", "none or lz4"));
    put("spring.cassandra.ssl.enabled", Counterpart.of("scylla.ssl.enabled"));
    put("spring.cassandra.ssl.bundle", Counterpart.of("scylla.ssl.bundle"));
    put(
        "spring.cassandra.connection.connect-timeout",
        Counterpart.of("scylla.connection.connect-timeout"));
    put(
        "spring.cassandra.connection.init-query-timeout",
        Counterpart.of("scylla.connection.init-query-timeout"));
    put("spring.cassandra.request.timeout", Counterpart.of("scylla.request.timeout"));
    put("spring.cassandra.request.consistency", Counterpart.of("scylla.request.consistency"));
    put(
        "spring.cassandra.request.serial-consistency",
        Counterpart.of("scylla.request.serial-consistency"));
    put("spring.cassandra.request.page-size", Counterpart.of("scylla.request.page-size"));
    put(
        "spring.cassandra.request.throttler.type",
        Counterpart.of(
            "scylla.request.throttler.enabled",
            "true for concurrency-limiting; rate-limiting has no counterpart"));
    put(
        "spring.cassandra.request.throttler.max-queue-size",
        Counterpart.of("scylla.request.throttler.max-queue-size"));
    put(
        "spring.cassandra.request.throttler.max-concurrent-requests",
        Counterpart.of("scylla.request.throttler.max-concurrent-requests"));
    put(
        "spring.cassandra.request.throttler.max-requests-per-second",
        Counterpart.none("no rate-limiting throttler: limit concurrency instead"));
    put(
        "spring.cassandra.request.throttler.drain-interval",
        Counterpart.none("the concurrency limiter drains its queue as requests complete"));
    put(
        "spring.cassandra.pool.heartbeat-interval",
        Counterpart.of("scylla.pool.heartbeat-interval"));
    put(
        "spring.cassandra.pool.idle-timeout",
        Counterpart.of(
            "scylla.connection.init-query-timeout",
            "Boot's driver option behind it is the heartbeat timeout, which this one bounds"));
    put(
        "spring.cassandra.controlconnection.timeout",
        Counterpart.of(
            "scylla.connection.connect-timeout",
            "which also bounds the control connection's queries"));
    put("spring.cassandra.session-name", Counterpart.of("scylla.session-name"));
    put(
        "spring.cassandra.config",
        Counterpart.none("no driver configuration file: every setting is a scylla.* property"));
    put("spring.data.cassandra.repositories.type", Counterpart.of("scylla.repositories.type"));
  }

  private SpringCassandraKeys() {}

  private static void put(String key, Counterpart counterpart) {
    KEYS.put(key, counterpart);
  }

  /** Every Spring key, in the order of the README's table. */
  public static Map<String, Counterpart> all() {
    return java.util.Collections.unmodifiableMap(KEYS);
  }
}
