package io.scyllaboot.autoconfigure.observation;

import io.micrometer.observation.transport.Kind;
import io.micrometer.observation.transport.SenderContext;
import java.net.InetSocketAddress;
import org.jspecify.annotations.Nullable;

/**
 * What an observation of one request knows: the CQL and keyspace from the start, the node, the
 * server kind and the number of attempts once it ends. A client-side sender context (a CLIENT span
 * for tracers) with nothing to propagate: CQL carries no tracing headers.
 */
public final class ScyllaObservationContext extends SenderContext<Object> {
  private final String query;
  private final @Nullable String keyspace;
  private @Nullable CqlSummary summary;
  private @Nullable InetSocketAddress node;
  private boolean scylla;
  private int attempts;

  public ScyllaObservationContext(String query, @Nullable String keyspace) {
    super((carrier, key, value) -> {}, Kind.CLIENT);
    this.query = query;
    this.keyspace = keyspace;
  }

  /** Records how the request ended: where it ran last and how often it was sent. */
  void ended(@Nullable InetSocketAddress lastNode, boolean scyllaNode, int sent) {
    this.node = lastNode;
    this.scylla = scyllaNode;
    this.attempts = sent;
    setRemoteServiceName(scyllaNode ? "scylladb" : "cassandra");
    if (lastNode != null) {
      setRemoteServiceAddress(lastNode.getHostString() + ":" + lastNode.getPort());
    }
  }

  /** The CQL text, without values. */
  public String getQuery() {
    return query;
  }

  /** The CQL's operation and table, read from its text once. */
  CqlSummary getSummary() {
    CqlSummary read = summary;
    if (read == null) {
      read = CqlSummary.of(query);
      summary = read;
    }
    return read;
  }

  /** The CQL verb (SELECT, INSERT, ..., BATCH for a batch), upper case. */
  public String getOperation() {
    return getSummary().operation();
  }

  /** The table the CQL names, as written (with its keyspace if the CQL names it), or null. */
  public @Nullable String getTable() {
    return getSummary().table();
  }

  public @Nullable String getKeyspace() {
    return keyspace;
  }

  /** The node of the last attempt; null until the request ends, or if it was never sent. */
  public @Nullable InetSocketAddress getNode() {
    return node;
  }

  /** Whether the last node was a ScyllaDB node; known when the request ends. */
  public boolean isScylla() {
    return scylla;
  }

  /** How many times the request was sent; known when it ends. */
  public int getAttempts() {
    return attempts;
  }
}
