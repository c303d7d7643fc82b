package io.scyllaboot.spring.cql;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.error.InvalidQueryException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.springframework.dao.InvalidDataAccessApiUsageException;

/** A translated exception names the task and the CQL, never the values bound to it. */
class ExceptionTranslationSecretsTest {
  private static final String CQL = "UPDATE users SET password = ? WHERE id = ?";
  private static final String SECRET = "s3cr3t-password-0xDEADBEEF";

  @Test
  void should_not_put_the_values_of_a_failed_statement_in_the_translated_message() {
    CqlSession session = Mockito.mock(CqlSession.class);
    SimpleStatement statement = SimpleStatement.of(CQL, SECRET, 7);
    Mockito.when(session.execute(statement))
        .thenThrow(new InvalidQueryException("unconfigured table users"));
    assertThatThrownBy(() -> new CqlTemplate(session).execute(statement))
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining(CQL)
        .hasMessageContaining("unconfigured table users")
        .hasMessageNotContaining("s3cr3t");
  }

  @Test
  void should_not_put_the_values_in_the_async_translated_message() {
    CqlSession session = Mockito.mock(CqlSession.class);
    SimpleStatement statement = SimpleStatement.of(CQL, SECRET, 7);
    Mockito.when(session.executeAsync(statement))
        .thenReturn(CompletableFuture.failedFuture(new InvalidQueryException("no such table")));
    assertThatThrownBy(() -> new AsyncCqlTemplate(session).execute(statement).join())
        .isInstanceOf(CompletionException.class)
        .cause()
        .isInstanceOf(InvalidDataAccessApiUsageException.class)
        .hasMessageContaining(CQL)
        .hasMessageNotContaining("s3cr3t");
  }
}
