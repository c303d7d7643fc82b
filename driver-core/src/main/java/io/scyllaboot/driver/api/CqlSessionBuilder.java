package io.scyllaboot.driver.api;

import io.scyllaboot.driver.api.auth.AuthProvider;
import io.scyllaboot.driver.api.auth.PlainTextAuthProvider;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletionStage;
import javax.net.ssl.SSLContext;
import org.jspecify.annotations.Nullable;

/**
 * Configures and opens a {@link CqlSession}. Every setter validates its argument at once and names
 * the bad value. Not thread-safe; use one builder per session.
 */
public final class CqlSessionBuilder {
  private final List<InetSocketAddress> contactPoints = new ArrayList<>();
  private String keyspace;
  private String localDatacenter;
  private @Nullable ProtocolVersion protocolVersion; // null: negotiate
  private Compression compression = Compression.NONE;
  private @Nullable AuthProvider authProvider;
  private @Nullable SSLContext sslContext;
  private boolean hostnameVerification = true;
  private ConsistencyLevel consistency = ConsistencyLevel.LOCAL_ONE;
  private ConsistencyLevel serialConsistency = ConsistencyLevel.SERIAL;
  private int pageSize = 5000;
  private Duration requestTimeout = Duration.ofSeconds(2);
  private Duration connectTimeout = Duration.ofSeconds(5);
  private int maxPrepared = 512;
  private int maxRequestsPerConnection = 1024;
  private int maxQueuedRequests = 16384;
  private String sessionName = "s0";

  CqlSessionBuilder() {}

  /** Adds a node to connect to first. Default, when none is added: 127.0.0.1:9042. */
  public CqlSessionBuilder addContactPoint(InetSocketAddress address) {
    contactPoints.add(Objects.requireNonNull(address, "contact point"));
    return this;
  }

  /** The keyspace every connection USEs; default none. */
  public CqlSessionBuilder withKeyspace(String name) {
    this.keyspace = name;
    return this;
  }

  /** The data center whose nodes are preferred; default none (every node is local). */
  public CqlSessionBuilder withLocalDatacenter(String name) {
    this.localDatacenter = name;
    return this;
  }

  /**
   * Pins the protocol version. By default the driver negotiates: it offers {@link
   * ProtocolVersion#V5} and, when the first node refuses it, reconnects with {@link
   * ProtocolVersion#V4}; later connections use the outcome at once. A pinned version is never
   * downgraded: a node that refuses it fails the connection with a {@link
   * io.scyllaboot.driver.api.error.ConnectionException} caused by the node's {@link
   * io.scyllaboot.driver.api.error.ProtocolErrorException}.
   */
  public CqlSessionBuilder withProtocolVersion(ProtocolVersion version) {
    this.protocolVersion = Objects.requireNonNull(version, "protocol version");
    return this;
  }

  /**
   * Compresses the traffic with the node; default {@link Compression#NONE}. {@link Compression#LZ4}
   * needs {@code org.lz4:lz4-java} on the class path.
   *
   * @throws IllegalStateException if LZ4 is chosen and lz4-java is missing
   */
  public CqlSessionBuilder withCompression(Compression compression) {
    Objects.requireNonNull(compression, "compression");
    if (compression == Compression.LZ4) {
      try {
        Class.forName(
            "net.jpountz.lz4.LZ4Factory", false, CqlSessionBuilder.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        throw new IllegalStateException(
            "LZ4 compression needs org.lz4:lz4-java on the class path; add it as a dependency", e);
      }
    }
    this.compression = compression;
    return this;
  }

  /**
   * Logs in with a username and password (SASL PLAIN, for Cassandra's and ScyllaDB's {@code
   * PasswordAuthenticator}); shorthand for {@code withAuthProvider(new
   * PlainTextAuthProvider(username, password))}. Default: no credentials, and a node that requires
   * authentication fails the connection with an {@link
   * io.scyllaboot.driver.api.error.AuthenticationException}.
   *
   * @throws IllegalArgumentException if the username is empty
   */
  public CqlSessionBuilder withAuthCredentials(String username, String password) {
    return withAuthProvider(new PlainTextAuthProvider(username, password));
  }

  /**
   * Authenticates every connection with this provider, for mechanisms other than plain passwords;
   * default none. Replaces {@link #withAuthCredentials}.
   */
  public CqlSessionBuilder withAuthProvider(AuthProvider provider) {
    this.authProvider = Objects.requireNonNull(provider, "auth provider");
    return this;
  }

  /**
   * Encrypts every connection with TLS (1.3 or 1.2) from this context, which holds the trust
   * material (and a key for client authentication, if the nodes require one); default: plain TCP.
   * The node's certificate is checked against the contact point's host unless {@link
   * #withHostnameVerification(boolean)} turns that off. A handshake failure (for example an
   * untrusted certificate) fails the connection with a {@link
   * io.scyllaboot.driver.api.error.ConnectionException} naming the node and the reason.
   */
  public CqlSessionBuilder withSslContext(SSLContext context) {
    this.sslContext = Objects.requireNonNull(context, "SSL context");
    return this;
  }

  /**
   * Whether TLS connections check that the node's certificate names the host connected to (HTTPS
   * endpoint identification: a DNS name or IP address in its subject alternative names); default
   * true. Only meaningful with {@link #withSslContext(SSLContext)}; turn it off only for nodes
   * whose certificates cannot name them, since it lets anyone holding a trusted certificate
   * impersonate a node.
   */
  public CqlSessionBuilder withHostnameVerification(boolean verify) {
    this.hostnameVerification = verify;
    return this;
  }

  /** The default consistency level; default {@link ConsistencyLevel#LOCAL_ONE}. */
  public CqlSessionBuilder withConsistency(ConsistencyLevel level) {
    this.consistency = Objects.requireNonNull(level, "consistency");
    return this;
  }

  /** The default serial consistency; default {@link ConsistencyLevel#SERIAL}. */
  public CqlSessionBuilder withSerialConsistency(ConsistencyLevel level) {
    if (!Objects.requireNonNull(level, "serial consistency").isSerial()) {
      throw new IllegalArgumentException(
          "serial consistency must be SERIAL or LOCAL_SERIAL, was " + level);
    }
    this.serialConsistency = level;
    return this;
  }

  /** Rows per page by default; default 5000. */
  public CqlSessionBuilder withPageSize(int rows) {
    if (rows <= 0) {
      throw new IllegalArgumentException("page size must be positive, was " + rows);
    }
    this.pageSize = rows;
    return this;
  }

  /** The default request timeout; default 2 s. */
  public CqlSessionBuilder withRequestTimeout(Duration timeout) {
    requirePositive(timeout, "request timeout");
    this.requestTimeout = timeout;
    return this;
  }

  /** The TCP connect timeout, also applied to each handshake request; default 5 s. */
  public CqlSessionBuilder withConnectTimeout(Duration timeout) {
    requirePositive(timeout, "connect timeout");
    this.connectTimeout = timeout;
    return this;
  }

  /** The size of the prepared-statement cache; default 512. */
  public CqlSessionBuilder withMaxPrepared(int statements) {
    if (statements <= 0) {
      throw new IllegalArgumentException("max prepared must be positive, was " + statements);
    }
    this.maxPrepared = statements;
    return this;
  }

  /** Requests in flight per connection (stream ids), 1 to 32768; default 1024. */
  public CqlSessionBuilder withMaxRequestsPerConnection(int requests) {
    if (requests < 1 || requests > 32768) {
      throw new IllegalArgumentException(
          "max requests per connection must be in [1, 32768], was " + requests);
    }
    this.maxRequestsPerConnection = requests;
    return this;
  }

  /**
   * Requests that may wait for a stream id on a connection before new ones fail with {@link
   * io.scyllaboot.driver.api.error.BusyConnectionException}; default 16384.
   */
  public CqlSessionBuilder withMaxQueuedRequests(int requests) {
    if (requests < 0) {
      throw new IllegalArgumentException(
          "max queued requests must not be negative, was " + requests);
    }
    this.maxQueuedRequests = requests;
    return this;
  }

  /** The name that prefixes the session's log lines and thread names; default {@code s0}. */
  public CqlSessionBuilder withSessionName(String name) {
    this.sessionName = Objects.requireNonNull(name, "session name");
    return this;
  }

  /** Opens the session: connects and initialises, then completes. */
  public CompletionStage<CqlSession> buildAsync() {
    List<InetSocketAddress> points =
        contactPoints.isEmpty() ? List.of(new InetSocketAddress("127.0.0.1", 9042)) : contactPoints;
    return io.scyllaboot.driver.internal.session.DefaultCqlSession.connect(
        new io.scyllaboot.driver.internal.session.SessionSettings(
            List.copyOf(points),
            keyspace,
            localDatacenter,
            protocolVersion == null ? 0 : protocolVersion.code(),
            consistency,
            serialConsistency,
            pageSize,
            requestTimeout,
            connectTimeout,
            maxPrepared,
            maxRequestsPerConnection,
            maxQueuedRequests,
            sessionName,
            compression,
            sslContext,
            hostnameVerification,
            authProvider));
  }

  /**
   * Opens the session and waits for it.
   *
   * @throws io.scyllaboot.driver.api.error.AuthenticationException if a node rejected the
   *     credentials, or requires some and none are configured; it names the node
   * @throws io.scyllaboot.driver.api.error.ConnectionException if no contact point accepts a
   *     connection (a TLS handshake failure names the node and the reason)
   */
  public CqlSession build() {
    try {
      return buildAsync().toCompletableFuture().join();
    } catch (java.util.concurrent.CompletionException e) {
      if (e.getCause() instanceof RuntimeException cause) {
        throw cause;
      }
      throw e;
    }
  }

  private static void requirePositive(Duration duration, String what) {
    Objects.requireNonNull(duration, what);
    if (duration.isNegative() || duration.isZero()) {
      throw new IllegalArgumentException(what + " must be positive, was " + duration);
    }
  }
}
