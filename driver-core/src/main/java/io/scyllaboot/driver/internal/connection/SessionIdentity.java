package io.scyllaboot.driver.internal.connection;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * What a session tells a ScyllaDB node about itself in STARTUP, beyond the driver's name and
 * version: its id, shared by all of the session's connections, and its effective configuration as
 * JSON. The node keeps every STARTUP entry in {@code system.clients.client_options}, so an operator
 * can find the session's connections there. Sent only to a node that offers it in SUPPORTED:
 *
 * <ul>
 *   <li>{@code CLIENT_OPTIONS} (ScyllaDB 2026.1, {@code docs/dev/protocol-extensions.md}, "Client
 *       options"): one JSON object, {@code {"session_id": "...", "driver_config": {...}}};
 *   <li>{@code DRIVER_CONFIG} and {@code SESSION_ID}, each on its own, when a node offers these
 *       keys (issue 36 names them; no ScyllaDB source read here does yet).
 * </ul>
 *
 * <p>The configuration is left out when its JSON exceeds {@link #MAX_CONFIG_BYTES}; it never holds
 * a secret (see {@code SessionConfigJson}).
 *
 * @param sessionId the session's id
 * @param configJson the session's effective configuration as a JSON object, or null to send none
 */
public record SessionIdentity(UUID sessionId, @Nullable String configJson) {
  static final String CLIENT_OPTIONS = "CLIENT_OPTIONS";
  static final String DRIVER_CONFIG = "DRIVER_CONFIG";
  static final String SESSION_ID = "SESSION_ID";

  /** The largest configuration sent, in UTF-8 bytes (32 KiB); a larger one is left out. */
  public static final int MAX_CONFIG_BYTES = 32 * 1024;

  public SessionIdentity {
    Objects.requireNonNull(sessionId, "session id");
    if (configJson != null
        && configJson.getBytes(StandardCharsets.UTF_8).length > MAX_CONFIG_BYTES) {
      configJson = null;
    }
  }

  /**
   * The STARTUP entries for the keys the node offers in SUPPORTED; none for a node that offers none
   * of them (Apache Cassandra, ScyllaDB before 2026.1).
   */
  public Map<String, String> startupOptions(Map<String, List<String>> supported) {
    Map<String, String> options = new LinkedHashMap<>();
    if (supported.containsKey(CLIENT_OPTIONS)) {
      StringBuilder json = new StringBuilder("{\"session_id\":\"").append(sessionId).append('"');
      if (configJson != null) {
        json.append(",\"driver_config\":").append(configJson);
      }
      options.put(CLIENT_OPTIONS, json.append('}').toString());
    }
    if (supported.containsKey(SESSION_ID)) {
      options.put(SESSION_ID, sessionId.toString());
    }
    if (supported.containsKey(DRIVER_CONFIG) && configJson != null) {
      options.put(DRIVER_CONFIG, configJson);
    }
    return options;
  }

  /**
   * The host id a node reports in SUPPORTED ({@code SCYLLA_HOST_ID}, ScyllaDB 2026.3: the {@code
   * host_id} of its {@code system.local} row), or null when absent or not one UUID.
   */
  static @Nullable UUID reportedHostId(Map<String, List<String>> supported) {
    List<String> values = supported.get("SCYLLA_HOST_ID");
    if (values == null || values.size() != 1) {
      return null;
    }
    try {
      return UUID.fromString(values.get(0).trim());
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
