package io.scyllaboot.test.fakescylla;

import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * What a {@link FakeScyllaNode} says of itself in SUPPORTED, as ScyllaDB 2026.3 does by default:
 * {@code SCYLLA_HOST_ID} with its host id (the {@code host_id} of its {@code system.local} row) and
 * {@code CLIENT_OPTIONS} with one empty value (the client answers with JSON in STARTUP, which the
 * node records: {@link FakeScyllaNode#startups()}). Changes apply from the node's next start
 * ({@link FakeScyllaNode#restart()}); the shape of an Apache Cassandra node ({@code lean}) has none
 * of it.
 */
public final class FakeIdentityOptions {
  private volatile boolean offersHostId = true;
  private volatile UUID reportedHostId; // null: the node's own
  private volatile List<String> clientOptionKeys = List.of("CLIENT_OPTIONS");

  FakeIdentityOptions() {}

  /** Whether {@code SCYLLA_HOST_ID} is sent (default true; ScyllaDB before 2026.3 sends none). */
  public FakeIdentityOptions offerHostId(boolean offer) {
    this.offersHostId = offer;
    return this;
  }

  /**
   * The host id SUPPORTED reports while the system tables keep the node's own: a connection to this
   * node then looks like one that a load balancer or a wrong client route delivered to another node
   * (misrouted). Null: the node's own again.
   */
  public FakeIdentityOptions reportHostId(UUID hostIdInSupported) {
    this.reportedHostId = hostIdInSupported;
    return this;
  }

  /**
   * The client-option keys offered, each with one empty value: {@code CLIENT_OPTIONS} by default
   * (ScyllaDB 2026.1); none for an older node; {@code DRIVER_CONFIG} and {@code SESSION_ID} for a
   * node that names them apart.
   */
  public FakeIdentityOptions offerClientOptions(String... keys) {
    this.clientOptionKeys = List.of(keys);
    return this;
  }

  void addTo(Map<String, List<String>> options, UUID ownHostId) {
    for (String key : clientOptionKeys) {
      options.put(key, List.of(""));
    }
    if (offersHostId) {
      UUID reported = reportedHostId;
      options.put("SCYLLA_HOST_ID", List.of((reported != null ? reported : ownHostId).toString()));
    }
  }
}
