package io.scyllaboot.driver.internal.session;

import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.error.FrameDecodingException;
import io.scyllaboot.driver.api.error.NoNodeAvailableException;
import io.scyllaboot.driver.api.error.ServerException;
import io.scyllaboot.driver.internal.connection.DriverChannel;
import io.scyllaboot.driver.internal.pool.ChannelPool;
import io.scyllaboot.driver.internal.protocol.frame.ResponseFrame;
import io.scyllaboot.driver.internal.protocol.message.Query;
import io.scyllaboot.driver.internal.protocol.message.Response;
import io.scyllaboot.driver.internal.protocol.message.Result;
import io.scyllaboot.driver.internal.util.Futures;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code USE keyspace} on a whole session, as the DataStax driver does it: the keyspace is a
 * connection's state, so the USE runs first on one connection (the server checks the keyspace; a
 * refusal changes nothing), then the pools open new connections in the keyspace the server named,
 * the other open connections run the USE too (one that fails it is closed: its pool replaces it),
 * and prepared statements are forgotten (a table named without its keyspace is now another one).
 * The result is the first connection's, an empty page. USEs run one at a time, in the order called,
 * so that every connection ends in the last one's keyspace. A rare call: clarity over speed.
 */
final class KeyspaceSwitch {
  private static final Logger LOG = LoggerFactory.getLogger(KeyspaceSwitch.class);

  private final Cluster cluster;
  private final StatementRequests requests;
  private final PreparedStatementCache prepared;
  // The last USE called: the next one starts when it has ended, whichever way.
  private final AtomicReference<CompletableFuture<?>> last =
      new AtomicReference<>(CompletableFuture.completedFuture(null));

  KeyspaceSwitch(Cluster cluster, StatementRequests requests, PreparedStatementCache prepared) {
    this.cluster = cluster;
    this.requests = requests;
    this.prepared = prepared;
  }

  CompletionStage<AsyncResultSet> use(SimpleStatement use) {
    CompletableFuture<AsyncResultSet> result = new CompletableFuture<>();
    CompletableFuture<?> previous = last.getAndSet(result);
    previous
        .handle((ignored, error) -> null)
        .thenCompose(ignored -> run(use))
        .whenComplete(
            (page, error) -> {
              if (error != null) {
                result.completeExceptionally(Futures.unwrap(error));
              } else {
                result.complete(page);
              }
            });
    return result;
  }

  private CompletionStage<AsyncResultSet> run(SimpleStatement use) {
    DriverChannel first = anyChannel();
    if (first == null) {
      return CompletableFuture.failedFuture(
          new NoNodeAvailableException("no connection to run '" + use.query() + "' on"));
    }
    Query request = requests.simpleQuery(use);
    long timeout = requests.timeoutNanos(use);
    return first
        .send(request, timeout)
        .handle(
            (frame, error) -> {
              if (error != null) {
                // Timed out or lost: the node may have switched it all the same.
                first.close();
                return CompletableFuture.<AsyncResultSet>failedFuture(Futures.unwrap(error));
              }
              return switched(use, first, request, timeout, frame);
            })
        .thenCompose(next -> next);
  }

  private CompletionStage<AsyncResultSet> switched(
      SimpleStatement use, DriverChannel first, Query request, long timeout, ResponseFrame frame) {
    if (frame.message() instanceof Response.Error error) {
      ServerException refused = error.exception();
      refused.setNode(first.remoteAddress());
      return CompletableFuture.failedFuture(refused);
    }
    if (!(frame.message() instanceof Result.SetKeyspace set)) {
      StatementRequests.releaseRows(frame);
      first.close();
      return CompletableFuture.failedFuture(
          new FrameDecodingException(
              first + " answered '" + use.query() + "' with " + frame.message()));
    }
    return cluster
        .switchKeyspace(asCql(set.keyspace()))
        .thenCompose(open -> switchOthers(open, first, request, timeout))
        .thenApply(
            ignored -> {
              prepared.clear();
              return result(frame, first);
            });
  }

  /**
   * The keyspace as a USE (and {@code withKeyspace}) takes it: the server names it as stored, and a
   * name with capitals or other characters is quoted, else new connections would open in another.
   */
  static String asCql(String name) {
    return name.matches("[a-z][a-z0-9_]*") ? name : "\"" + name.replace("\"", "\"\"") + "\"";
  }

  private DriverChannel anyChannel() {
    for (ChannelPool pool : cluster.pools()) {
      DriverChannel channel = pool.next();
      if (channel != null) {
        return channel;
      }
    }
    return null;
  }

  /** Runs the USE on every other connection; closes those where it fails. */
  private static CompletableFuture<Void> switchOthers(
      List<DriverChannel> open, DriverChannel done, Query request, long timeout) {
    CompletableFuture<?>[] switches =
        open.stream()
            .filter(channel -> channel != done)
            .map(
                channel ->
                    channel
                        .send(request, timeout)
                        .handle(
                            (frame, error) -> {
                              boolean switched =
                                  error == null && frame.message() instanceof Result.SetKeyspace;
                              if (frame != null) {
                                StatementRequests.releaseRows(frame);
                              }
                              if (!switched) {
                                LOG.warn(
                                    "[{}] could not switch keyspace ({}): closing it",
                                    channel,
                                    error != null ? error.getMessage() : frame.message());
                                channel.close();
                              }
                              return null;
                            }))
            .toArray(CompletableFuture[]::new);
    return CompletableFuture.allOf(switches);
  }

  private AsyncResultSet result(ResponseFrame frame, DriverChannel channel) {
    return requests.toResultSet(
        null,
        null,
        frame,
        (InetSocketAddress) channel.remoteAddress(),
        List.of(),
        0,
        pagingState ->
            CompletableFuture.failedFuture(
                new IllegalStateException("a USE result has no next page")));
  }
}
