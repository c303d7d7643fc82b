package io.scyllaboot.spring.cql;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.error.AllNodesFailedException;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.api.error.UnavailableException;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessResourceException;

/** "All nodes failed" with the same server error everywhere translates as that error. */
class AllNodesFailedTranslationTest {
  private final ScyllaExceptionTranslator translator = new ScyllaExceptionTranslator();
  private final InetSocketAddress one = new InetSocketAddress("127.0.0.1", 9042);
  private final InetSocketAddress two = new InetSocketAddress("127.0.0.2", 9042);

  @Test
  void should_translate_the_same_server_error_of_every_node_as_that_error() {
    UnavailableException unavailable =
        new UnavailableException(
            "Cannot achieve consistency level THREE", ConsistencyLevel.THREE, 3, 1);
    AllNodesFailedException all = new AllNodesFailedException("no node", Map.of(one, unavailable));

    assertThat(translator.translate("write", "INSERT", all))
        .isInstanceOf(TransientDataAccessResourceException.class)
        .hasMessageContaining("THREE")
        .hasCause(unavailable);
  }

  @Test
  void should_keep_all_nodes_failed_when_the_nodes_failed_differently() {
    Map<java.net.SocketAddress, Throwable> errors = new LinkedHashMap<>();
    errors.put(one, new UnavailableException("unavailable", ConsistencyLevel.THREE, 3, 1));
    errors.put(two, new ConnectionException("closed"));
    assertThat(translator.translate("write", "INSERT", new AllNodesFailedException("x", errors)))
        .isInstanceOf(DataAccessResourceFailureException.class);
    assertThat(
            translator.translate(
                "write", "INSERT", new AllNodesFailedException("none up", Map.of())))
        .isInstanceOf(DataAccessResourceFailureException.class);
  }
}
