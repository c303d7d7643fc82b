package io.scyllaboot.driver.internal.session;

import java.time.Duration;
import java.util.Map;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * A session's effective configuration as one JSON object, for ScyllaDB's {@code
 * system.clients.client_options} (see {@code SessionIdentity}). It holds settings an operator
 * compares between clients (timeouts, pool sizes, consistency, policies by class), never a secret:
 * no credential, user name, password or token, nothing of the TLS context but whether there is one
 * (the driver gets an {@code SSLContext}, never key store paths), and no contact point address.
 * Durations are in milliseconds.
 */
final class SessionConfigJson {
  private final StringBuilder json = new StringBuilder(1024).append('{');

  private SessionConfigJson() {}

  static String of(SessionSettings settings) {
    SessionConfigJson out = new SessionConfigJson();
    out.field("session_name", settings.sessionName());
    out.field("keyspace", settings.keyspace());
    out.field("local_datacenter", settings.localDatacenter());
    out.field("local_rack", settings.routing().localRack());
    out.field("max_nodes_per_remote_dc", settings.routing().maxNodesPerRemoteDc());
    out.field("client_routes", !settings.routing().clientRouteConnectionIds().isEmpty());
    out.field("cloud_bundle", settings.sniProxy() != null);
    out.field("contact_points", settings.contactPoints().size());
    out.field("protocol_version", settings.protocolVersion());
    out.field("consistency", settings.consistency());
    out.field("serial_consistency", settings.serialConsistency());
    out.field("page_size", settings.pageSize());
    out.field("request_timeout_ms", settings.requestTimeout());
    out.field("connect_timeout_ms", settings.connectTimeout());
    out.field("init_query_timeout_ms", settings.initQueryTimeout());
    out.field("heartbeat_interval_ms", settings.heartbeatInterval());
    out.field("max_prepared", settings.maxPrepared());
    out.field("max_requests_per_connection", settings.maxRequestsPerConnection());
    out.field("max_queued_requests", settings.maxQueuedRequests());
    out.field("max_concurrent_requests", settings.maxConcurrentRequests());
    out.field("connections_per_node", settings.pool().connectionsPerNode());
    out.field("connections_per_shard", settings.pool().connectionsPerShard());
    out.field("shard_aware", settings.pool().shardAware());
    out.field("shard_aware_port", settings.pool().shardAwarePort());
    out.field("reconnect_base_delay_ms", settings.reconnectBaseDelay());
    out.field("reconnect_max_delay_ms", settings.reconnectMaxDelay());
    out.field("idempotent", settings.idempotent());
    out.field("client_timestamps", settings.clientTimestamps());
    out.field("compression", settings.compression());
    out.field("tls", settings.sslContext() != null);
    out.field("hostname_verification", settings.hostnameVerification());
    out.field("authentication", settings.authProvider() != null);
    out.field("retry_policy", className(settings.policies().retry()));
    out.field("speculative_execution", className(settings.speculativeExecution()));
    out.field("execution_profiles", String.join(",", new TreeSet<>(profiles(settings))));
    out.field("schema_metadata", settings.metadata().schemaEnabled());
    out.field("application_name", settings.policies().applicationName());
    out.field("application_version", settings.policies().applicationVersion());
    return out.json.append('}').toString();
  }

  private static java.util.Set<String> profiles(SessionSettings settings) {
    Map<String, ?> profiles = settings.policies().profiles();
    return profiles.keySet();
  }

  private static @Nullable String className(@Nullable Object policy) {
    return policy == null ? null : policy.getClass().getName();
  }

  private void field(String name, @Nullable Object value) {
    if (value == null) {
      return;
    }
    if (json.length() > 1) {
      json.append(',');
    }
    string(name);
    json.append(':');
    if (value instanceof Duration duration) {
      json.append(duration.toMillis());
    } else if (value instanceof Number || value instanceof Boolean) {
      json.append(value);
    } else {
      string(value.toString());
    }
  }

  /** A JSON string: quotes, backslashes and control characters escaped. */
  private void string(String value) {
    json.append('"');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '"' -> json.append("\\\"");
        case '\\' -> json.append("\\\\");
        case '\n' -> json.append("\\n");
        case '\r' -> json.append("\\r");
        case '\t' -> json.append("\\t");
        default -> {
          if (c < 0x20) {
            json.append(String.format("\\u%04x", (int) c));
          } else {
            json.append(c);
          }
        }
      }
    }
    json.append('"');
  }
}
