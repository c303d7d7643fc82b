package io.scyllaboot.autoconfigure;

import org.springframework.boot.context.properties.NestedConfigurationProperty;

/**
 * {@code scylla.load-balancing.*}: where requests go beyond the local data center (the local rack
 * is {@code scylla.local-rack}). A bean of type {@code AddressTranslator} is picked up too.
 */
public class LoadBalancingProperties {

  @NestedConfigurationProperty private final DcFailover dcFailover = new DcFailover();

  /**
   * Experimental: whether connections ask ScyllaDB nodes that offer it (2026, with the
   * strongly-consistent-tables feature) for tablets routing v2 instead of v1: a tablet version byte
   * on every EXECUTE, the tablet refreshed only when its version is stale, and requests at a
   * consistency other than ONE/LOCAL_ONE sent to the tablet's Raft leader first. Nodes that do not
   * offer it are unaffected.
   */
  private boolean tabletsRoutingV2;

  public DcFailover getDcFailover() {
    return dcFailover;
  }

  public boolean isTabletsRoutingV2() {
    return tabletsRoutingV2;
  }

  public void setTabletsRoutingV2(boolean tabletsRoutingV2) {
    this.tabletsRoutingV2 = tabletsRoutingV2;
  }

  /** {@code scylla.load-balancing.dc-failover.*}: remote data centers as a last resort. */
  public static class DcFailover {
    /**
     * Nodes of each remote data center appended to every query plan, after the local ones (the
     * session keeps pools to them); 0 never uses a remote data center.
     */
    private int maxNodesPerRemoteDc;

    /**
     * Whether requests at LOCAL_ONE, LOCAL_QUORUM or LOCAL_SERIAL fail over too (they then run at
     * that level in the remote data center: not what the level promises).
     */
    private boolean allowForLocalConsistencyLevels;

    public int getMaxNodesPerRemoteDc() {
      return maxNodesPerRemoteDc;
    }

    public void setMaxNodesPerRemoteDc(int maxNodesPerRemoteDc) {
      if (maxNodesPerRemoteDc < 0) {
        throw new IllegalArgumentException("must not be negative");
      }
      this.maxNodesPerRemoteDc = maxNodesPerRemoteDc;
    }

    public boolean isAllowForLocalConsistencyLevels() {
      return allowForLocalConsistencyLevels;
    }

    public void setAllowForLocalConsistencyLevels(boolean allowForLocalConsistencyLevels) {
      this.allowForLocalConsistencyLevels = allowForLocalConsistencyLevels;
    }
  }
}
