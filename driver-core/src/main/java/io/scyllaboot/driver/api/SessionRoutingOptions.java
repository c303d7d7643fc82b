package io.scyllaboot.driver.api;

import io.scyllaboot.driver.api.metadata.Node;
import io.scyllaboot.driver.api.policy.AddressTranslator;
import io.scyllaboot.driver.internal.cloud.CloudBundle;
import io.scyllaboot.driver.internal.routing.RoutingSettings;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The builder's options for where requests go and how nodes are reached: the local rack, failover
 * to remote data centers, a node filter, address translation, ScyllaDB client routes and tablets
 * routing v2, and DataStax Astra's secure connect bundle. Kept apart from {@link
 * CqlSessionBuilder}, which extends it, as {@link SessionPolicyOptions} is; users only ever see
 * these methods on the builder.
 */
abstract sealed class SessionRoutingOptions extends SessionPolicyOptions permits CqlSessionBuilder {
  private static final Logger LOG = LoggerFactory.getLogger(CqlSessionBuilder.class);

  private RoutingSettings routing = RoutingSettings.DEFAULTS;
  private CloudBundle.@Nullable Source cloudBundle;

  SessionRoutingOptions() {}

  private CqlSessionBuilder self() {
    return (CqlSessionBuilder) this;
  }

  /**
   * Connects to a DataStax Astra database through its secure connect bundle, the zip its Connect
   * page offers: the bundle gives the TLS context and the metadata service that names the contact
   * points (host ids behind one SNI proxy) and the local data center. Give the credentials with
   * {@link CqlSessionBuilder#withAuthCredentials}. The bundle is read when the session is built,
   * which then also reads the metadata service; reading it needs {@code
   * com.fasterxml.jackson.core:jackson-databind} on the class path.
   *
   * <p>As with the DataStax driver, contact points, an SSL context and a local data center given
   * beside it are not used (logged when the session is built); nor are an address translator or
   * client routes. Shard-aware ports are not used (the proxy forwards one port per node).
   */
  public CqlSessionBuilder withCloudSecureConnectBundle(java.nio.file.Path bundle) {
    Objects.requireNonNull(bundle, "secure connect bundle");
    cloudBundle = () -> java.nio.file.Files.newInputStream(bundle);
    return self();
  }

  /** {@link #withCloudSecureConnectBundle(java.nio.file.Path)} from a URL, opened at build. */
  public CqlSessionBuilder withCloudSecureConnectBundle(java.net.URL bundle) {
    Objects.requireNonNull(bundle, "secure connect bundle");
    cloudBundle = bundle::openStream;
    return self();
  }

  /**
   * {@link #withCloudSecureConnectBundle(java.nio.file.Path)} from a stream, read and closed at
   * build (a second build needs another stream).
   */
  public CqlSessionBuilder withCloudSecureConnectBundle(java.io.InputStream bundle) {
    Objects.requireNonNull(bundle, "secure connect bundle");
    cloudBundle = () -> bundle;
    return self();
  }

  /**
   * The rack of the local data center whose nodes come first (replicas of the local rack, then the
   * other local replicas; see docs/driver.md#routing). Default: none.
   */
  public CqlSessionBuilder withLocalRack(String rack) {
    routing = routing.withLocalRack(Objects.requireNonNull(rack, "rack"));
    return self();
  }

  /**
   * Remote-DC failover: at most {@code maxNodesPerRemoteDc} up nodes of each remote data center
   * follow the local ones in plans (pools are opened to them), except for {@code LOCAL_*}
   * consistency unless {@code allowForLocalConsistencyLevels}. Default 0: never remote.
   */
  public CqlSessionBuilder withRemoteDatacenterFailover(
      int maxNodesPerRemoteDc, boolean allowForLocalConsistencyLevels) {
    routing = routing.withRemoteFailover(maxNodesPerRemoteDc, allowForLocalConsistencyLevels);
    return self();
  }

  /** Only nodes this predicate accepts get a pool and requests (asked on topology changes). */
  public CqlSessionBuilder withNodeFilter(java.util.function.Predicate<Node> filter) {
    routing = routing.withNodeFilter(filter);
    return self();
  }

  /** How advertised node addresses become the ones to connect to (NAT, Kubernetes, proxies). */
  public CqlSessionBuilder withAddressTranslator(AddressTranslator translator) {
    routing = routing.withAddressTranslator(Objects.requireNonNull(translator, "translator"));
    return self();
  }

  /**
   * ScyllaDB client routes (PrivateLink, Private Service Connect): every node is reached where the
   * rows of {@code system.client_routes} for these connection ids put it (found by host id; {@code
   * port}, or {@code tls_port} with TLS), read at start-up, on every topology refresh and on {@code
   * CLIENT_ROUTES_CHANGE} events; a node without a route gets no connection (logged). The contact
   * points are the private endpoint's addresses. Connections go to the route's port only (no
   * shard-aware port: a proxy does not keep source ports); requests still go to the shard of their
   * token. Default: none (see docs/scylladb.md#client-routes).
   *
   * @throws IllegalArgumentException if a connection id is blank
   * @throws IllegalStateException if an address translator is configured too
   */
  public CqlSessionBuilder withClientRoutes(java.util.Collection<String> connectionIds) {
    routing = routing.withClientRoutes(List.copyOf(connectionIds));
    return self();
  }

  /**
   * ScyllaDB's tablets routing v2 and leader routing, <b>experimental</b> (default false): a node
   * that offers {@code TABLETS_ROUTING_V2_EXPERIMENTAL} (ScyllaDB 2026 with the experimental {@code
   * strongly-consistent-tables} feature) is asked for it instead of {@code TABLETS_ROUTING_V1};
   * every EXECUTE then carries one byte of the cached tablet version, the node answers a stale one
   * with the tablet's current replicas (the Raft leader of a strongly consistent tablet first), and
   * requests at a consistency other than ONE/LOCAL_ONE go to that leader first. The wire format may
   * still change on the server's side; nodes that do not offer it are unaffected (see
   * docs/scylladb.md#tablets-routing-v2-experimental).
   */
  public CqlSessionBuilder withTabletsRoutingV2(boolean enabled) {
    routing = routing.withTabletsRoutingV2(enabled);
    return self();
  }

  RoutingSettings routing() {
    return routing;
  }

  /** The routing of a session whose nodes a cloud's proxy reaches: no translation, no routes. */
  RoutingSettings routing(@Nullable CloudBundle cloud) {
    return cloud == null ? routing : routing.withoutAddressing();
  }

  boolean hasCloudBundle() {
    return cloudBundle != null;
  }

  /**
   * The secure connect bundle's settings, or null without one; throws what is wrong with it. As
   * with the DataStax driver, the bundle wins over contact points, an SSL context and a local data
   * center given beside it (a Spring application's properties may set them all), saying so once.
   */
  @Nullable CloudBundle readCloudBundle(
      List<InetSocketAddress> contactPoints,
      boolean sslContext,
      @Nullable String localDatacenter,
      String sessionName,
      Duration connectTimeout) {
    if (cloudBundle == null) {
      return null;
    }
    List<String> ignored = new ArrayList<>();
    if (!contactPoints.isEmpty()) {
      ignored.add("contact points " + contactPoints);
    }
    if (sslContext) {
      ignored.add("the SSL context");
    }
    if (localDatacenter != null) {
      ignored.add("local data center " + localDatacenter);
    }
    if (routing.addressTranslator() != AddressTranslator.IDENTITY) {
      ignored.add("the address translator");
    }
    if (!routing.clientRouteConnectionIds().isEmpty()) {
      ignored.add("client routes");
    }
    if (!ignored.isEmpty()) {
      LOG.info(
          "[{}] a secure connect bundle decides the contact points, TLS, the local data center"
              + " and where nodes are reached: {} given beside it are not used",
          sessionName,
          String.join(", ", ignored));
    }
    return CloudBundle.read(cloudBundle, connectTimeout);
  }
}
