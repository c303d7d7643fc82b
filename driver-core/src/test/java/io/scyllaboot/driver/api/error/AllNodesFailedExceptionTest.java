package io.scyllaboot.driver.api.error;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.metadata.Node;
import io.scyllaboot.driver.api.metadata.NodeState;
import io.scyllaboot.driver.internal.metadata.DefaultNode;
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

    Map<Node, List<Throwable>> all =
        new AllNodesFailedException("no node answered", tried).allErrors();

    assertThat(all.keySet().stream().map(node -> (SocketAddress) node.address()).toList())
        .containsExactlyElementsOf(tried.keySet());
    all.forEach(
        (node, errors) -> {
          assertThat(errors).containsExactly(tried.get(node.address()));
          assertThat(node.datacenter()).as("a node known by address only").isNull();
          assertThat(node.state()).isEqualTo(NodeState.UNKNOWN);
        });
  }

  @Test
  void should_key_the_errors_by_the_nodes_the_driver_knows() {
    Map<SocketAddress, Throwable> tried = errorsOfNodes(2);
    SocketAddress first = tried.keySet().iterator().next();
    Node known = new DefaultNode((InetSocketAddress) first);

    Map<Node, List<Throwable>> all =
        new AllNodesFailedException("no node answered", tried, Map.of(first, known)).allErrors();

    assertThat(all.keySet().iterator().next()).isSameAs(known);
    assertThat(all.get(known)).containsExactly(tried.get(first));
    assertThat(all).hasSize(2);
  }

  @Test
  void should_name_a_server_errors_coordinator_as_a_node() {
    ServerException error = new InvalidQueryException("no such table");
    assertThat(error.coordinator()).as("not delivered yet").isNull();
    InetSocketAddress address = InetSocketAddress.createUnresolved("10.0.0.1", 9042);
    error.setNode(address);
    assertThat(error.coordinator().address()).isEqualTo(address);
    DefaultNode node = new DefaultNode(address);
    error.setCoordinator(node);
    assertThat(error.coordinator()).isSameAs(node);
    assertThat(error.node()).isEqualTo(address);
  }
}
