package io.scyllaboot.migration;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The DataStax driver options Scylla Boot's builder has a call for, each once: its {@code
 * DefaultDriverOption} name (options set in code, an {@code OptionsMap}), its path (an {@code
 * application.conf}), the session builder's method, an execution profile's wither (null: none) and
 * the kind of its value. {@link DriverOptionsToSessionBuilder}, {@link OptionsMapToSessionBuilder}
 * and {@link DriverConfigTranslation} read their tables from here.
 */
final class DriverOptionCatalog {
  private DriverOptionCatalog() {}

  /** What an option's value is. */
  enum ValueKind {
    DURATION,
    INT,
    BOOLEAN,
    STRING,
    STRINGS,
    CONSISTENCY,
    COMPRESSION,
    PROTOCOL
  }

  record Option(
      String name,
      String path,
      String sessionMethod,
      @Nullable String profileMethod,
      ValueKind kind) {}

  static final List<Option> OPTIONS =
      List.of(
          new Option(
              "REQUEST_TIMEOUT",
              "basic.request.timeout",
              "withRequestTimeout",
              "withTimeout",
              ValueKind.DURATION),
          new Option(
              "REQUEST_CONSISTENCY",
              "basic.request.consistency",
              "withConsistency",
              "withConsistency",
              ValueKind.CONSISTENCY),
          new Option(
              "REQUEST_SERIAL_CONSISTENCY",
              "basic.request.serial-consistency",
              "withSerialConsistency",
              "withSerialConsistency",
              ValueKind.CONSISTENCY),
          new Option(
              "REQUEST_PAGE_SIZE",
              "basic.request.page-size",
              "withPageSize",
              "withPageSize",
              ValueKind.INT),
          new Option(
              "REQUEST_DEFAULT_IDEMPOTENCE",
              "basic.request.default-idempotence",
              "withIdempotentByDefault",
              "withIdempotent",
              ValueKind.BOOLEAN),
          new Option(
              "LOAD_BALANCING_LOCAL_DATACENTER",
              "basic.load-balancing-policy.local-datacenter",
              "withLocalDatacenter",
              "withLocalDatacenter",
              ValueKind.STRING),
          new Option(
              "REQUEST_LOG_WARNINGS",
              "advanced.request.log-warnings",
              "withServerWarningsLogged",
              null,
              ValueKind.BOOLEAN),
          new Option(
              "CONNECTION_CONNECT_TIMEOUT",
              "advanced.connection.connect-timeout",
              "withConnectTimeout",
              null,
              ValueKind.DURATION),
          new Option(
              "CONNECTION_INIT_QUERY_TIMEOUT",
              "advanced.connection.init-query-timeout",
              "withInitQueryTimeout",
              null,
              ValueKind.DURATION),
          new Option(
              "CONNECTION_POOL_LOCAL_SIZE",
              "advanced.connection.pool.local.size",
              "withConnectionsPerNode",
              null,
              ValueKind.INT),
          new Option(
              "CONNECTION_MAX_REQUESTS",
              "advanced.connection.max-requests-per-connection",
              "withMaxRequestsPerConnection",
              null,
              ValueKind.INT),
          new Option(
              "HEARTBEAT_INTERVAL",
              "advanced.heartbeat.interval",
              "withHeartbeatInterval",
              null,
              ValueKind.DURATION),
          new Option(
              "SESSION_NAME", "basic.session-name", "withSessionName", null, ValueKind.STRING),
          new Option(
              "SESSION_KEYSPACE", "basic.session-keyspace", "withKeyspace", null, ValueKind.STRING),
          new Option(
              "CONTROL_CONNECTION_AGREEMENT_TIMEOUT",
              "advanced.control-connection.schema-agreement.timeout",
              "withSchemaAgreementTimeout",
              null,
              ValueKind.DURATION),
          new Option(
              "METADATA_SCHEMA_ENABLED",
              "advanced.metadata.schema.enabled",
              "withSchemaMetadata",
              null,
              ValueKind.BOOLEAN),
          new Option(
              "METADATA_SCHEMA_REFRESHED_KEYSPACES",
              "advanced.metadata.schema.refreshed-keyspaces",
              "withSchemaKeyspaces",
              null,
              ValueKind.STRINGS),
          new Option(
              "NETTY_IO_SIZE",
              "advanced.netty.io-group.size",
              "withIoThreads",
              null,
              ValueKind.INT),
          new Option(
              "PROTOCOL_COMPRESSION",
              "advanced.protocol.compression",
              "withCompression",
              null,
              ValueKind.COMPRESSION),
          new Option(
              "PROTOCOL_VERSION",
              "advanced.protocol.version",
              "withProtocolVersion",
              null,
              ValueKind.PROTOCOL));

  /** The session's options (all of them), or the profile's (those with a wither), by a key. */
  static <T> Map<String, T> table(
      Function<Option, String> key, boolean profile, Function<Option, T> target) {
    return OPTIONS.stream()
        .filter(option -> !profile || option.profileMethod() != null)
        .collect(Collectors.toUnmodifiableMap(key, target));
  }
}
