package io.scyllaboot.autoconfigure;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code scylla.client-routes.*}: ScyllaDB client routes, for a cluster reached over private
 * networking (AWS PrivateLink, GCP Private Service Connect): each node is reached where the rows of
 * {@code system.client_routes} for these connection ids put it. Cannot be combined with an {@code
 * AddressTranslator} bean.
 */
public class ClientRoutesProperties {

  /**
   * Connection ids of the private connections to use (as the platform or the REST call that wrote
   * system.client_routes names them), in order of preference; empty (the default) turns client
   * routes off. The contact points are then the private endpoint's addresses.
   */
  private List<String> connectionIds = new ArrayList<>();

  public List<String> getConnectionIds() {
    return connectionIds;
  }

  public void setConnectionIds(List<String> connectionIds) {
    this.connectionIds = connectionIds;
  }
}
