package io.scyllaboot.driver.internal.connection;

/**
 * Told when a connection becomes unresponsive (requests wait on it and nothing has been read for
 * the unresponsive timeout) and when it becomes responsive again (a response was read, or it
 * closed). Called on the connection's event loop, at each change only; must not block.
 */
@FunctionalInterface
public interface ResponsivenessListener {
  void responsivenessChanged(boolean responsive);
}
