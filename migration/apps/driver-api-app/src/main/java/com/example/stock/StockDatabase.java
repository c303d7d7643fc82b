package com.example.stock;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.servererrors.AlreadyExistsException;
import java.net.InetSocketAddress;
import java.time.Duration;

/** Opens the application's session and creates its schema. */
public final class StockDatabase {

  public static final String KEYSPACE = "stock_driver_app";

  private static final Duration SCHEMA_TIMEOUT = Duration.ofSeconds(30);

  private StockDatabase() {}

  /** A session on the node at {@code host} (port 9042), data center datacenter1, in a keyspace. */
  public static CqlSession connect(String host, String keyspace) {
    return CqlSession.builder()
        .addContactPoint(new InetSocketAddress(host, 9042))
        .withLocalDatacenter("datacenter1")
        .withKeyspace(keyspace)
        .build();
  }

  /** A session on the node with no keyspace, to create the schema with. */
  public static CqlSession connect(String host) {
    return CqlSession.builder()
        .addContactPoint(new InetSocketAddress(host, 9042))
        .withLocalDatacenter("datacenter1")
        .build();
  }

  /** Creates the keyspace and its tables; running it again changes nothing. */
  public static void createSchema(CqlSession session) {
    session.execute(
        schemaChange(
            "CREATE KEYSPACE IF NOT EXISTS "
                + KEYSPACE
                + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}"));
    createTable(
        session,
        "CREATE TABLE "
            + KEYSPACE
            + ".items (sku text PRIMARY KEY, name text, quantity int, tags list<text>,"
            + " updated timestamp)");
    createTable(
        session,
        "CREATE TABLE "
            + KEYSPACE
            + ".movements (sku text, id uuid, delta int, note text,"
            + " PRIMARY KEY (sku, id)) WITH CLUSTERING ORDER BY (id DESC)");
    createTable(
        session, "CREATE TABLE " + KEYSPACE + ".claims (sku text PRIMARY KEY, owner text)");
    createTable(
        session,
        "CREATE TABLE "
            + KEYSPACE
            + ".bins (warehouse text, code text, sku text, capacity int, updated_at timestamp,"
            + " PRIMARY KEY (warehouse, code))");
  }

  /** A schema change (or truncation) waits for the whole cluster: a longer time-out than reads. */
  public static SimpleStatement schemaChange(String cql) {
    return SimpleStatement.newInstance(cql).setTimeout(SCHEMA_TIMEOUT).setIdempotent(true);
  }

  /**
   * Creates a table, or keeps the one there: the server's refusal says it exists.
   *
   * @return whether this call created it
   */
  public static boolean createTable(CqlSession session, String cql) {
    try {
      session.execute(schemaChange(cql));
      return true;
    } catch (AlreadyExistsException e) {
      return false;
    }
  }
}
