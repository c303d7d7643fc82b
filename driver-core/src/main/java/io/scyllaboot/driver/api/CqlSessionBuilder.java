package io.scyllaboot.driver.api;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletionStage;

/**
 * Configures and opens a {@link CqlSession}. Every setter validates its argument at once and names
 * the bad value. Not thread-safe; use one builder per session.
 */
public final class CqlSessionBuilder {
  private final List<InetSocketAddress> contactPoints = new ArrayList<>();
  private String keyspace;
  private String localDatacenter;
  private ProtocolVersion protocolVersion = ProtocolVersion.V4;
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

  /** The protocol version to speak; default {@link ProtocolVersion#V4}. */
  public CqlSessionBuilder withProtocolVersion(ProtocolVersion version) {
    this.protocolVersion = Objects.requireNonNull(version, "protocol version");
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
            protocolVersion.code(),
            consistency,
            serialConsistency,
            pageSize,
            requestTimeout,
            connectTimeout,
            maxPrepared,
            maxRequestsPerConnection,
            maxQueuedRequests,
            sessionName));
  }

  /**
   * Opens the session and waits for it.
   *
   * @throws io.scyllaboot.driver.api.error.ConnectionException if no contact point accepts a
   *     connection
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
