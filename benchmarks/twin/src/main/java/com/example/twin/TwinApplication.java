package com.example.twin;

import com.datastax.oss.driver.api.core.CqlSession;
import java.net.InetSocketAddress;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * An orders service: customers (versioned), their orders (one partition per customer, newest
 * first) and a product catalogue imported in bulk. {@code create-keyspace <host>} as the first
 * argument only creates the keyspace (the schema action then creates the tables) and exits.
 */
@SpringBootApplication
public class TwinApplication {

  public static void main(String[] args) {
    if (args.length > 0 && args[0].equals("create-keyspace")) {
      createKeyspace(args.length > 1 ? args[1] : "127.0.0.1");
      return;
    }
    SpringApplication.run(TwinApplication.class, args);
  }

  private static void createKeyspace(String host) {
    try (CqlSession session =
        CqlSession.builder()
            .addContactPoint(new InetSocketAddress(host, 9042))
            .withLocalDatacenter("datacenter1")
            .build()) {
      // A schema change may outlast the request timeout on a busy node: ask again until it is there.
      for (int attempt = 1; !exists(session); attempt++) {
        try {
          session.execute(
              "CREATE KEYSPACE IF NOT EXISTS twin WITH replication ="
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
            .execute("SELECT keyspace_name FROM system_schema.keyspaces WHERE keyspace_name = 'twin'")
            .one()
        != null;
  }
}
