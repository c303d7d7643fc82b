package io.scyllaboot.driver.internal.session;

import io.scyllaboot.driver.api.ConsistencyLevel;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;

/** Everything a session is configured with, validated by the builder. */
public record SessionSettings(
    List<InetSocketAddress> contactPoints,
    String keyspace,
    String localDatacenter,
    int protocolVersion,
    ConsistencyLevel consistency,
    ConsistencyLevel serialConsistency,
    int pageSize,
    Duration requestTimeout,
    Duration connectTimeout,
    Duration initQueryTimeout,
    int maxPrepared,
    int maxRequestsPerConnection,
    int maxQueuedRequests,
    String sessionName,
    int connectionsPerNode,
    Duration heartbeatInterval,
    Duration reconnectBaseDelay,
    Duration reconnectMaxDelay,
    int ioThreads,
    boolean idempotent,
    int maxConcurrentRequests,
    int maxThrottledQueue,
    Duration schemaAgreementTimeout,
    Object meterRegistry) {}
