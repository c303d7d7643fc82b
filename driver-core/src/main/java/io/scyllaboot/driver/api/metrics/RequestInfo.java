package io.scyllaboot.driver.api.metrics;

import java.net.InetSocketAddress;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link RequestListener} learns about a request. The values are read when asked, from the
 * request itself: read them in the callback, do not keep this object.
 */
public interface RequestInfo {

  /**
   * The CQL text, never the bound values: the query of a simple or prepared statement, the queries
   * of a batch joined with {@code "; "}.
   */
  String query();

  /**
   * The keyspace the statement works in: of its prepared metadata for a bound statement, else the
   * session's; null when neither is known.
   */
  @Nullable String keyspace();

  /** The node of the latest attempt, or null before the first attempt is sent. */
  @Nullable InetSocketAddress node();

  /**
   * How many times the request was sent: 0 at the start (and for a request refused before it was
   * sent), 1 after the first attempt, more after retries.
   */
  int attempts();

  /**
   * Whether the node of the latest attempt is a ScyllaDB node (it offered ScyllaDB's protocol
   * extensions), rather than Apache Cassandra; false while no attempt has been sent.
   */
  boolean scylla();
}
