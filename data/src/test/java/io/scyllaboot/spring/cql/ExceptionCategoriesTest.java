package io.scyllaboot.spring.cql;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.error.AlreadyExistsException;
import io.scyllaboot.driver.api.error.AuthenticationException;
import io.scyllaboot.driver.api.error.BootstrappingException;
import io.scyllaboot.driver.api.error.BusyConnectionException;
import io.scyllaboot.driver.api.error.CasWriteUnknownException;
import io.scyllaboot.driver.api.error.CdcWriteFailureException;
import io.scyllaboot.driver.api.error.ConfigurationException;
import io.scyllaboot.driver.api.error.DriverTimeoutException;
import io.scyllaboot.driver.api.error.FunctionFailureException;
import io.scyllaboot.driver.api.error.InvalidQueryException;
import io.scyllaboot.driver.api.error.OverloadedException;
import io.scyllaboot.driver.api.error.ReadFailureException;
import io.scyllaboot.driver.api.error.ReadTimeoutException;
import io.scyllaboot.driver.api.error.RequestThrottledException;
import io.scyllaboot.driver.api.error.SyntaxErrorException;
import io.scyllaboot.driver.api.error.TruncateException;
import io.scyllaboot.driver.api.error.UnauthorizedException;
import io.scyllaboot.driver.api.error.UnavailableException;
import io.scyllaboot.driver.api.error.WriteFailureException;
import io.scyllaboot.driver.api.error.WriteTimeoutException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataRetrievalFailureException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.NonTransientDataAccessResourceException;
import org.springframework.dao.PermissionDeniedDataAccessException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.dao.TransientDataAccessResourceException;
import org.springframework.dao.UncategorizedDataAccessException;

/**
 * Server errors fall in the Spring {@code DataAccessException} categories Spring Data Cassandra's
 * {@code CassandraExceptionTranslator} puts them in, so an application's {@code catch} blocks and
 * retry rules keep working after the switch.
 */
class ExceptionCategoriesTest {
  private final ScyllaExceptionTranslator translator = new ScyllaExceptionTranslator();

  private DataAccessException translate(RuntimeException error) {
    DataAccessException translated = translator.translate("write", "INSERT ...", error);
    assertThat(translated).hasCause(error).hasMessageContaining("INSERT ...");
    return translated;
  }

  @Test
  void should_translate_already_exists_as_a_schema_element_that_exists() {
    DataAccessException translated =
        translate(new AlreadyExistsException("Table ks.t already exists", "ks", "t"));
    assertThat(translated)
        .isInstanceOf(ScyllaSchemaElementExistsException.class)
        .isInstanceOf(NonTransientDataAccessResourceException.class)
        .isNotInstanceOf(DuplicateKeyException.class);
    ScyllaSchemaElementExistsException exists = (ScyllaSchemaElementExistsException) translated;
    assertThat(exists.getKeyspace()).isEqualTo("ks");
    assertThat(exists.getTable()).isEqualTo("t");
  }

  @Test
  void should_translate_replica_failures_as_resource_failures() {
    WriteFailureException write =
        new WriteFailureException(
            "write failed", ConsistencyLevel.QUORUM, 1, 2, 1, Map.of(), "SIMPLE");
    ReadFailureException read =
        new ReadFailureException("read failed", ConsistencyLevel.QUORUM, 1, 2, 1, Map.of(), false);
    FunctionFailureException function =
        new FunctionFailureException("boom", "ks", "fn", List.of("int"));
    for (RuntimeException failure : List.of(write, read, function)) {
      assertThat(translate(failure))
          .isInstanceOf(DataAccessResourceFailureException.class)
          .isNotInstanceOf(DataRetrievalFailureException.class);
    }
  }

  @Test
  void should_translate_an_unknown_lwt_outcome_and_cdc_failures_as_uncategorized() {
    assertThat(
            translate(new CasWriteUnknownException("cas unknown", ConsistencyLevel.SERIAL, 1, 2)))
        .isInstanceOf(UncategorizedDataAccessException.class);
    assertThat(translate(new CdcWriteFailureException("cdc")))
        .isInstanceOf(UncategorizedDataAccessException.class);
  }

  @Test
  void should_translate_truncate_errors_as_transient() {
    assertThat(translate(new TruncateException("truncate timed out")))
        .isInstanceOf(TransientDataAccessResourceException.class);
  }

  @Test
  void should_translate_query_errors_as_api_usage() {
    assertThat(translate(new SyntaxErrorException("line 1:0 no viable alternative")))
        .isInstanceOf(CqlSyntaxException.class)
        .isInstanceOf(InvalidDataAccessApiUsageException.class);
    assertThat(translate(new ConfigurationException("unknown compaction class")))
        .isInstanceOf(InvalidDataAccessApiUsageException.class);
    assertThat(translate(new InvalidQueryException("undefined column")))
        .isInstanceOf(InvalidDataAccessApiUsageException.class);
  }

  @Test
  void should_keep_unavailable_transient() {
    assertThat(translate(new UnavailableException("unavailable", ConsistencyLevel.ALL, 3, 1)))
        .isInstanceOf(TransientDataAccessResourceException.class);
  }

  // Parity row 14: the categories an application's retry rules key on.

  @Test
  void should_translate_every_timeout_as_a_query_timeout() {
    assertThat(translate(new ReadTimeoutException("read", ConsistencyLevel.QUORUM, 1, 2, false)))
        .isInstanceOf(QueryTimeoutException.class);
    assertThat(
            translate(
                new WriteTimeoutException("write", ConsistencyLevel.QUORUM, 1, 2, "SIMPLE", 0)))
        .isInstanceOf(QueryTimeoutException.class);
    assertThat(translate(new DriverTimeoutException("no answer within 2 s")))
        .isInstanceOf(QueryTimeoutException.class);
  }

  @Test
  void should_translate_busy_throttled_overloaded_and_bootstrapping_as_transient() {
    assertThat(translate(new BusyConnectionException("every stream id in use")))
        .isInstanceOf(TransientDataAccessResourceException.class);
    assertThat(translate(new RequestThrottledException("the throttler's queue is full")))
        .isInstanceOf(TransientDataAccessResourceException.class);
    assertThat(translate(new OverloadedException("overloaded")))
        .isInstanceOf(TransientDataAccessResourceException.class);
    assertThat(translate(new BootstrappingException("bootstrapping")))
        .isInstanceOf(TransientDataAccessResourceException.class);
  }

  @Test
  void should_translate_authentication_and_authorization_errors_as_permission_denied() {
    assertThat(translate(new AuthenticationException("bad credentials")))
        .isInstanceOf(PermissionDeniedDataAccessException.class);
    assertThat(translate(new UnauthorizedException("no SELECT permission on ks.t")))
        .isInstanceOf(PermissionDeniedDataAccessException.class);
  }
}
