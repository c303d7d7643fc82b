package io.scyllaboot.driver.api.metadata;

import java.util.Collection;
import org.jspecify.annotations.Nullable;

/** What the driver knows of the cluster: its nodes. A live view; thread-safe. */
public interface ClusterMetadata {

  /** Every node known, in no particular order. */
  Collection<Node> nodes();

  /** The cluster's name, from {@code system.local}. */
  @Nullable String clusterName();
}
