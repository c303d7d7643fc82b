package io.scyllaboot.spring.cql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;

import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.api.cql.StatementOptions;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;
import org.mockito.Mockito;

/** The async template's defaults fill what a statement leaves unset, and never override it. */
class AsyncCqlTemplateDefaultsTest {
  private final CqlSession session = Mockito.mock(CqlSession.class);
  private final AsyncCqlTemplate template = new AsyncCqlTemplate(session);

  private StatementOptions sent(Statement<?> statement) {
    AsyncResultSet page = Mockito.mock(AsyncResultSet.class);
    Mockito.when(page.wasApplied()).thenReturn(true);
    Mockito.when(session.executeAsync(any(Statement.class)))
        .thenReturn(CompletableFuture.completedFuture(page));
    assertThat(template.execute(statement).join()).isTrue();
    ArgumentCaptor<Statement<?>> captor = ArgumentCaptor.forClass(Statement.class);
    Mockito.verify(session).executeAsync(captor.capture());
    return captor.getValue().options();
  }

  @Test
  void without_defaults_the_statement_is_sent_as_it_is() {
    SimpleStatement statement = SimpleStatement.of("SELECT * FROM t");
    assertThat(sent(statement)).isEqualTo(StatementOptions.DEFAULTS);
  }

  @Test
  void defaults_fill_the_unset_options() {
    template.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM);
    template.setSerialConsistencyLevel(ConsistencyLevel.LOCAL_SERIAL);
    template.setPageSize(50);
    template.setTimeout(Duration.ofSeconds(2));

    StatementOptions options = sent(SimpleStatement.of("SELECT * FROM t").withTracing(true));

    assertThat(options.consistency()).isEqualTo(ConsistencyLevel.LOCAL_QUORUM);
    assertThat(options.serialConsistency()).isEqualTo(ConsistencyLevel.LOCAL_SERIAL);
    assertThat(options.pageSize()).isEqualTo(50);
    assertThat(options.timeout()).isEqualTo(Duration.ofSeconds(2));
    assertThat(options.tracing()).isTrue();
  }

  @Test
  void a_statement_s_own_options_win() {
    template.setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM);
    template.setPageSize(50);

    StatementOptions options =
        sent(
            SimpleStatement.of("SELECT * FROM t")
                .withConsistency(ConsistencyLevel.ONE)
                .withPageSize(7));

    assertThat(options.consistency()).isEqualTo(ConsistencyLevel.ONE);
    assertThat(options.pageSize()).isEqualTo(7);
  }

  @Test
  void a_cql_string_with_defaults_is_sent_as_a_statement_with_them() {
    template.setTimeout(Duration.ofSeconds(4));
    assertThat(sent(SimpleStatement.of("CREATE TABLE x (k int PRIMARY KEY)")).timeout())
        .isEqualTo(Duration.ofSeconds(4));
    Mockito.reset(session);

    AsyncResultSet page = Mockito.mock(AsyncResultSet.class);
    Mockito.when(session.executeAsync(any(Statement.class)))
        .thenReturn(CompletableFuture.completedFuture(page));
    template.execute("TRUNCATE x").join();
    ArgumentCaptor<Statement<?>> captor = ArgumentCaptor.forClass(Statement.class);
    Mockito.verify(session).executeAsync(captor.capture());
    assertThat(captor.getValue().options().timeout()).isEqualTo(Duration.ofSeconds(4));
  }
}
