package io.scyllaboot.driver.api.error;

import io.scyllaboot.driver.api.metadata.Node;
import java.net.SocketAddress;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every node the request could go to was tried (or had no open connection) and none gave an answer.
 * {@link #errors()} says what happened on each.
 */
public class AllNodesFailedException extends DriverException {
  private final Map<SocketAddress, Throwable> errors;
  private final Map<SocketAddress, ? extends Node> nodes;

  public AllNodesFailedException(String message, Map<SocketAddress, Throwable> errors) {
    this(message, errors, Map.of());
  }

  /**
   * @param errors each address tried and its error, in the order tried
   * @param nodes the node behind an address of {@code errors}, where the driver knows it
   */
  public AllNodesFailedException(
      String message,
      Map<SocketAddress, Throwable> errors,
      Map<SocketAddress, ? extends Node> nodes) {
    super(message + describe(errors));
    // Kept in the order tried (Map.copyOf would not).
    this.errors = Collections.unmodifiableMap(new LinkedHashMap<>(errors));
    this.nodes = Map.copyOf(nodes);
  }

  /**
   * The failure of a request whose nodes all failed: a {@link NoNodeAvailableException} when no
   * node could be tried at all ({@code errors} empty).
   *
   * @param nodes the node behind an address of {@code errors}, where the driver knows it
   */
  public static AllNodesFailedException of(
      String message,
      Map<SocketAddress, Throwable> errors,
      Map<SocketAddress, ? extends Node> nodes) {
    return errors.isEmpty()
        ? new NoNodeAvailableException(message)
        : new AllNodesFailedException(message, errors, nodes);
  }

  /** What each node tried answered or why it could not be used, in the order tried. */
  public Map<SocketAddress, Throwable> errors() {
    return errors;
  }

  /**
   * As {@link #errors()}, keyed by the node (its data center, rack, state) and each node's error in
   * a list: the DataStax driver's {@code getAllErrors()} shape (this driver keeps one error per
   * node). An address the session knew no node of (a contact point before the topology was read) is
   * a node of that address only.
   */
  public Map<Node, List<Throwable>> allErrors() {
    Map<Node, List<Throwable>> all = new LinkedHashMap<>();
    errors.forEach(
        (address, error) -> {
          Node node = nodes.get(address);
          all.put(node != null ? node : new AddressOnlyNode(address), List.of(error));
        });
    return Collections.unmodifiableMap(all);
  }

  private static String describe(Map<SocketAddress, Throwable> errors) {
    if (errors.isEmpty()) {
      return " (no node is up)";
    }
    StringBuilder text = new StringBuilder(" (");
    errors.forEach(
        (node, error) ->
            text.append(text.length() > 2 ? "; " : "")
                .append(node)
                .append(": ")
                .append(error.getMessage()));
    return text.append(')').toString();
  }
}
