package io.scyllaboot.driver.internal.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.internal.cql.DefaultPreparedStatement;
import io.scyllaboot.driver.internal.metrics.NoopSessionMetrics;
import io.scyllaboot.driver.internal.protocol.message.DefaultColumnDefinitions;
import io.scyllaboot.driver.internal.protocol.message.Result;
import io.scyllaboot.driver.internal.protocol.message.RowsMetadata;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The statement cache across a USE, which empties it while a PREPARE may be under way. */
class PreparedStatementCacheTest {
  private static final String QUERY = "SELECT v FROM t WHERE k = ?";
  private static final DefaultPreparedStatement PREPARED_IN_A =
      new DefaultPreparedStatement(
          QUERY,
          "a",
          new Result.Prepared(
              new byte[] {1},
              null,
              new RowsMetadata(DefaultColumnDefinitions.EMPTY, new int[0], null, null),
              new RowsMetadata(DefaultColumnDefinitions.EMPTY, new int[0], null, null)));

  @Test
  void should_not_keep_nor_share_a_prepare_that_started_before_the_cache_was_cleared() {
    List<CompletableFuture<DefaultPreparedStatement>> prepares = new ArrayList<>();
    PreparedStatementCache cache =
        new PreparedStatementCache(
            10,
            NoopSessionMetrics.INSTANCE,
            query -> {
              CompletableFuture<DefaultPreparedStatement> prepare = new CompletableFuture<>();
              prepares.add(prepare);
              return prepare;
            });
    CompletableFuture<DefaultPreparedStatement> before = cache.prepareMissing(QUERY);

    cache.clear(); // a USE switched the keyspace meanwhile

    CompletableFuture<DefaultPreparedStatement> after = cache.prepareMissing(QUERY);
    assertThat(prepares).as("a new PREPARE, not the one of the former keyspace").hasSize(2);
    prepares.get(0).complete(PREPARED_IN_A);
    assertThat(before).isCompleted();
    assertThat(cache.get(QUERY)).as("the former keyspace's statement is not cached").isNull();
    assertThat(after).isNotDone();
  }
}
