package com.example.shop;

import com.datastax.oss.driver.api.core.CqlSession;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.BeforeAll;

/**
 * The suite's infrastructure: one local node (127.0.0.1:9042, or -Dshop.cassandra.host), on which
 * the keyspace is created before the first Spring context connects to it; the schema action makes
 * the tables.
 */
public abstract class LocalCassandra {

  @BeforeAll
  static void createKeyspace() {
    String host = System.getProperty("shop.cassandra.host", "127.0.0.1");
    try (CqlSession session =
        CqlSession.builder()
            .addContactPoint(new InetSocketAddress(host, 9042))
            .withLocalDatacenter("datacenter1")
            .build()) {
      // A schema change may outlast the client's request timeout on a busy node: ask again.
      for (int attempt = 1; !exists(session); attempt++) {
        try {
          session.execute(
              "CREATE KEYSPACE IF NOT EXISTS shop_app WITH replication ="
                  + " {'class': 'SimpleStrategy', 'replication_factor': 1}");
        } catch (RuntimeException e) {
          if (attempt == 5) {
            throw e;
          }
        }
      }
    }
  }

  private static boolean exists(CqlSession session) {
    return session
            .execute("SELECT keyspace_name FROM system_schema.keyspaces WHERE keyspace_name = 'shop_app'")
            .one()
        != null;
  }
}
