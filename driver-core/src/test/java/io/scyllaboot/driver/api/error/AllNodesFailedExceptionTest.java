package io.scyllaboot.driver.api.error;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AllNodesFailedExceptionTest {
  private static Map<SocketAddress, Throwable> errorsOfNodes(int count) {
    Map<SocketAddress, Throwable> errors = new LinkedHashMap<>();
    for (int i = count; i > 0; i--) {
      errors.put(
          InetSocketAddress.createUnresolved("10.0.0." + i, 9042),
          new IllegalStateException("node " + i));
    }
    return errors;
  }

  @Test
  void should_keep_the_errors_in_the_order_the_nodes_were_tried() {
    Map<SocketAddress, Throwable> tried = errorsOfNodes(12);

    AllNodesFailedException failure = new AllNodesFailedException("no node answered", tried);

    assertThat(new ArrayList<>(failure.errors().keySet()))
        .containsExactlyElementsOf(tried.keySet());
    assertThat(failure.getMessage()).containsSubsequence("node 12; ", "node 11; ", "node 1)");
  }

  @Test
  void should_give_every_node_its_list_of_errors_in_the_same_order() {
    Map<SocketAddress, Throwable> tried = errorsOfNodes(3);

    Map<SocketAddress, List<Throwable>> all =
        new AllNodesFailedException("no node answered", tried).allErrors();

    assertThat(new ArrayList<>(all.keySet())).containsExactlyElementsOf(tried.keySet());
    tried.forEach((node, error) -> assertThat(all.get(node)).containsExactly(error));
  }
}
