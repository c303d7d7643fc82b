package io.scyllaboot.driver.internal.metadata;

import io.netty.util.concurrent.EventExecutor;
import io.scyllaboot.driver.api.metadata.NodeState;
import io.scyllaboot.driver.api.metadata.NodeStateListener;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells the node state listeners of nodes added, removed, up and down, on the admin executor: one
 * call at a time, in the order the changes happened, never on the I/O thread that saw the change.
 */
public final class NodeEvents implements BiConsumer<DefaultNode, NodeState> {
  private static final Logger LOG = LoggerFactory.getLogger(NodeEvents.class);

  private final EventExecutor admin;
  private final List<NodeStateListener> listeners;

  public NodeEvents(EventExecutor admin, List<NodeStateListener> listeners) {
    this.admin = admin;
    this.listeners = List.copyOf(listeners);
  }

  public void added(DefaultNode node) {
    dispatch(listener -> listener.onAdded(node), "added", node);
  }

  public void removed(DefaultNode node) {
    dispatch(listener -> listener.onRemoved(node), "removed", node);
  }

  /** A state change of a node (REMOVED is told by {@link #removed}). */
  @Override
  public void accept(DefaultNode node, NodeState state) {
    switch (state) {
      case UP -> dispatch(listener -> listener.onUp(node), "up", node);
      case DOWN -> dispatch(listener -> listener.onDown(node), "down", node);
      default -> {}
    }
  }

  private void dispatch(Consumer<NodeStateListener> call, String what, DefaultNode node) {
    if (listeners.isEmpty()) {
      return;
    }
    admin.execute(
        () -> {
          for (NodeStateListener listener : listeners) {
            try {
              call.accept(listener);
            } catch (RuntimeException e) {
              LOG.warn("node state listener {} failed on {} {}", listener, what, node, e);
            }
          }
        });
  }
}
