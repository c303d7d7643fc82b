package io.scyllaboot.spring.cql;

import io.scyllaboot.driver.api.error.AllNodesFailedException;
import io.scyllaboot.driver.api.error.AlreadyExistsException;
import io.scyllaboot.driver.api.error.AuthenticationException;
import io.scyllaboot.driver.api.error.BootstrappingException;
import io.scyllaboot.driver.api.error.BusyConnectionException;
import io.scyllaboot.driver.api.error.ConfigurationException;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.api.error.DriverException;
import io.scyllaboot.driver.api.error.DriverTimeoutException;
import io.scyllaboot.driver.api.error.FunctionFailureException;
import io.scyllaboot.driver.api.error.InvalidBindValueException;
import io.scyllaboot.driver.api.error.InvalidQueryException;
import io.scyllaboot.driver.api.error.OverloadedException;
import io.scyllaboot.driver.api.error.ReadFailureException;
import io.scyllaboot.driver.api.error.ReadTimeoutException;
import io.scyllaboot.driver.api.error.RequestThrottledException;
import io.scyllaboot.driver.api.error.ServerException;
import io.scyllaboot.driver.api.error.SyntaxErrorException;
import io.scyllaboot.driver.api.error.TruncateException;
import io.scyllaboot.driver.api.error.UnauthorizedException;
import io.scyllaboot.driver.api.error.UnavailableException;
import io.scyllaboot.driver.api.error.UnsupportedStatementException;
import io.scyllaboot.driver.api.error.WriteFailureException;
import io.scyllaboot.driver.api.error.WriteTimeoutException;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.PermissionDeniedDataAccessException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.dao.TransientDataAccessResourceException;
import org.springframework.dao.support.PersistenceExceptionTranslator;

/**
 * The one place where driver exceptions become Spring's {@link DataAccessException}s.
 *
 * <table>
 *   <caption>Mapping</caption>
 *   <tr><td>read/write timeouts, driver timeout</td><td>{@link QueryTimeoutException}</td></tr>
 *   <tr><td>unavailable, overloaded, bootstrapping, busy, throttled</td>
 *       <td>{@link TransientDataAccessResourceException}</td></tr>
 *   <tr><td>truncate error</td><td>{@link TransientDataAccessResourceException}</td></tr>
 *   <tr><td>connection failures, no node available</td>
 *       <td>{@link DataAccessResourceFailureException}</td></tr>
 *   <tr><td>syntax error</td><td>{@link CqlSyntaxException} (an API usage error)</td></tr>
 *   <tr><td>invalid query, configuration error, bad bind value</td>
 *       <td>{@link InvalidDataAccessApiUsageException}</td></tr>
 *   <tr><td>already exists</td><td>{@link ScyllaSchemaElementExistsException}
 *       (non-transient resource error)</td></tr>
 *   <tr><td>unauthorized, authentication</td><td>{@link PermissionDeniedDataAccessException}</td></tr>
 *   <tr><td>read/write/function failures</td><td>{@link DataAccessResourceFailureException}</td></tr>
 *   <tr><td>anything else from the driver (an unknown LWT outcome, a CDC write failure...)</td>
 *       <td>{@link UncategorizedScyllaException}</td></tr>
 * </table>
 *
 * <p>The categories are those of Spring Data Cassandra's {@code CassandraExceptionTranslator}, so
 * that an application's {@code catch} blocks work after the switch; the one difference: a busy
 * connection and a throttled request are transient here (retrying them is right), where Spring Data
 * Cassandra reports a connection failure and an uncategorized error.
 */
public class ScyllaExceptionTranslator implements PersistenceExceptionTranslator {

  @Override
  public DataAccessException translateExceptionIfPossible(RuntimeException exception) {
    if (exception instanceof DataAccessException already) {
      return already;
    }
    return exception instanceof DriverException ? translate("CQL", null, exception) : null;
  }

  /**
   * What to throw for an exception caught around a driver call: its translation when it is a driver
   * exception (also inside a {@code CompletionException}), else the exception itself.
   */
  public RuntimeException toRuntime(String task, String cql, RuntimeException exception) {
    RuntimeException cause = exception;
    if (cause instanceof java.util.concurrent.CompletionException
        && cause.getCause() instanceof RuntimeException wrapped) {
      cause = wrapped;
    }
    DataAccessException translated = translate(task, cql, cause);
    return translated != null ? translated : cause;
  }

  /**
   * Translates a driver exception, naming the task and the CQL in the message; null when it is not
   * one.
   *
   * @param task what was being done, e.g. {@code "query"}
   * @param cql the statement, or null
   */
  public DataAccessException translate(String task, String cql, RuntimeException exception) {
    if (exception instanceof DataAccessException already) {
      return already;
    }
    RuntimeException sameOnEveryNode = sameServerError(exception);
    if (sameOnEveryNode != null) {
      return translate(task, cql, sameOnEveryNode);
    }
    String message = task + (cql == null ? "" : " [" + cql + "]") + "; " + exception.getMessage();
    if (exception instanceof ReadTimeoutException
        || exception instanceof WriteTimeoutException
        || exception instanceof DriverTimeoutException) {
      return new QueryTimeoutException(message, exception);
    }
    if (exception instanceof UnavailableException
        || exception instanceof OverloadedException
        || exception instanceof BootstrappingException
        || exception instanceof BusyConnectionException
        || exception instanceof RequestThrottledException) {
      return new TransientDataAccessResourceException(message, exception);
    }
    if (exception instanceof AuthenticationException
        || exception instanceof UnauthorizedException) {
      return new PermissionDeniedDataAccessException(message, exception);
    }
    if (exception instanceof TruncateException) {
      return new TransientDataAccessResourceException(message, exception);
    }
    if (exception instanceof ConnectionException || exception instanceof AllNodesFailedException) {
      return new DataAccessResourceFailureException(message, exception);
    }
    if (exception instanceof SyntaxErrorException) {
      return new CqlSyntaxException(task, cql, exception);
    }
    if (exception instanceof AlreadyExistsException exists) {
      return new ScyllaSchemaElementExistsException(message, exists);
    }
    if (exception instanceof InvalidQueryException
        || exception instanceof InvalidBindValueException
        || exception instanceof UnsupportedStatementException
        || exception instanceof ConfigurationException) {
      return new InvalidDataAccessApiUsageException(message, exception);
    }
    if (exception instanceof ReadFailureException
        || exception instanceof WriteFailureException
        || exception instanceof FunctionFailureException) {
      return new DataAccessResourceFailureException(message, exception);
    }
    if (exception instanceof DriverException) {
      return new UncategorizedScyllaException(message, exception);
    }
    return null;
  }

  /**
   * The server error every node answered, when all nodes failed with the same kind (e.g. {@code
   * Unavailable} on a one-node cluster): that error, not "all nodes failed", says what to fix.
   */
  private static RuntimeException sameServerError(RuntimeException exception) {
    if (!(exception instanceof AllNodesFailedException all) || all.errors().isEmpty()) {
      return null;
    }
    Throwable first = all.errors().values().iterator().next();
    if (!(first instanceof ServerException server)) {
      return null;
    }
    for (Throwable error : all.errors().values()) {
      if (error.getClass() != first.getClass()) {
        return null;
      }
    }
    return server;
  }
}
