package io.scyllaboot.driver.internal.session;

import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.error.FrameDecodingException;
import io.scyllaboot.driver.api.error.NoNodeAvailableException;
import io.scyllaboot.driver.internal.connection.DriverChannel;
import io.scyllaboot.driver.internal.protocol.frame.ResponseFrame;
import io.scyllaboot.driver.internal.protocol.message.Query;
import io.scyllaboot.driver.internal.protocol.message.Response;
import io.scyllaboot.driver.internal.protocol.message.Result;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code USE keyspace} on a whole session, as the DataStax driver does it: the keyspace is a
 * connection's state, so the USE runs first on one connection (the server checks the keyspace; a
 * refusal changes nothing), then the pools open new connections in the keyspace the server named,
 * the other open connections run the USE too (one that fails it is closed: its pool replaces it),
 * and prepared statements are forgotten (a table named without its keyspace is now another one).
 * The result is the first connection's, an empty page. A rare call: clarity over speed.
 */
final class KeyspaceSwitch {
  private static final Logger LOG = LoggerFactory.getLogger(KeyspaceSwitch.class);

  private KeyspaceSwitch() {}

  static CompletionStage<AsyncResultSet> use(
      SimpleStatement use,
      Cluster cluster,
      StatementRequests requests,
      PreparedStatementCache prepared) {
    DriverChannel first = anyChannel(cluster);
    if (first == null) {
      return CompletableFuture.failedFuture(
          new NoNodeAvailableException("no connection to run '" + use.query() + "' on"));
    }
    Query request = requests.simpleQuery(use);
    long timeout = requests.timeoutNanos(use);
    return first
        .send(request, timeout)
        .thenCompose(
            frame -> {
              if (frame.message() instanceof Response.Error error) {
                error.exception().setNode(first.remoteAddress());
                return CompletableFuture.failedFuture(error.exception());
              }
              if (!(frame.message() instanceof Result.SetKeyspace set)) {
                StatementRequests.releaseRows(frame);
                return CompletableFuture.failedFuture(
                    new FrameDecodingException(
                        first + " answered '" + use.query() + "' with " + frame.message()));
              }
              return cluster
                  .switchKeyspace(set.keyspace())
                  .thenCompose(open -> switchOthers(open, first, request, timeout))
                  .thenApply(
                      ignored -> {
                        prepared.clear();
                        return result(requests, frame, first);
                      });
            });
  }

  private static DriverChannel anyChannel(Cluster cluster) {
    for (io.scyllaboot.driver.internal.pool.ChannelPool pool : cluster.pools()) {
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

  private static AsyncResultSet result(
      StatementRequests requests, ResponseFrame frame, DriverChannel channel) {
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
