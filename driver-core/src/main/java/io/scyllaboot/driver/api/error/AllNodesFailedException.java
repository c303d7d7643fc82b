package io.scyllaboot.driver.api.error;

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

  public AllNodesFailedException(String message, Map<SocketAddress, Throwable> errors) {
    super(message + describe(errors));
    // Kept in the order tried (Map.copyOf would not).
    this.errors = Collections.unmodifiableMap(new LinkedHashMap<>(errors));
  }

  /** What each node tried answered or why it could not be used, in the order tried. */
  public Map<SocketAddress, Throwable> errors() {
    return errors;
  }

  /**
   * As {@link #errors()}, each node's error in a list (the DataStax driver's {@code getAllErrors()}
   * shape; this driver keeps one error per node).
   */
  public Map<SocketAddress, List<Throwable>> allErrors() {
    Map<SocketAddress, List<Throwable>> all = new LinkedHashMap<>();
    errors.forEach((node, error) -> all.put(node, List.of(error)));
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
