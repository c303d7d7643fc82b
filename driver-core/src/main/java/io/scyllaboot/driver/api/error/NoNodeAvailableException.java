package io.scyllaboot.driver.api.error;

import java.util.Map;

/**
 * No node could be tried: the request's plan held no node that is up (every node of the data center
 * is down, or a profile names a data center the session has no node of). An {@link
 * AllNodesFailedException} without errors; as in the DataStax driver, a sign that trying another
 * data center may help, where a failure of the nodes tried may not.
 */
public class NoNodeAvailableException extends AllNodesFailedException {
  public NoNodeAvailableException(String message) {
    super(message, Map.of());
  }
}
