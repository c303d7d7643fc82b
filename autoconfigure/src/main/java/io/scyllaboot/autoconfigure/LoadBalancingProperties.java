package io.scyllaboot.autoconfigure;

import org.springframework.boot.context.properties.NestedConfigurationProperty;

/**
 * {@code scylla.load-balancing.*}: where requests go beyond the local data center (the local rack
 * is {@code scylla.local-rack}). A bean of type {@code AddressTranslator} is picked up too.
 */
public class LoadBalancingProperties {

  @NestedConfigurationProperty private final DcFailover dcFailover = new DcFailover();

  public DcFailover getDcFailover() {
    return dcFailover;
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
