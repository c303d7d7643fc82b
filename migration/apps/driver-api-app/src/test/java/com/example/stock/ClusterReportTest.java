package com.example.stock;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ClusterReportTest extends LocalNode {

  @Test
  void theNodesDatacenterIsKnown() {
    assertThat(new ClusterReport(session).datacenters()).containsExactly("datacenter1");
  }

  @Test
  void schemaMetadataListsTheApplicationsTables() {
    ClusterReport report = new ClusterReport(session);

    assertThat(report.tables(StockDatabase.KEYSPACE)).containsExactly("bins", "claims", "items", "movements");
    assertThat(report.tables("no_such_keyspace")).isEmpty();
    assertThat(report.partitionKey(StockDatabase.KEYSPACE, "movements")).containsExactly("sku");
  }

  @Test
  void creatingAnExistingTableIsRefusedAndReported() {
    assertThat(
            StockDatabase.createTable(
                session, "CREATE TABLE items (sku text PRIMARY KEY, name text)"))
        .isFalse();
  }
}
