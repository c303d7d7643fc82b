package com.example.stock;

import com.datastax.oss.driver.api.core.CqlSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The suite's infrastructure: one local node (127.0.0.1:9042, or -Dstock.cassandra.host), on which
 * the schema is created once; each test class shares one session in the application's keyspace.
 */
abstract class LocalNode {

  static CqlSession session;

  static String host() {
    return System.getProperty("stock.cassandra.host", "127.0.0.1");
  }

  @BeforeAll
  static void open() {
    try (CqlSession admin = StockDatabase.connect(host())) {
      StockDatabase.createSchema(admin);
    }
    session = StockDatabase.connect(host(), StockDatabase.KEYSPACE);
  }

  @AfterAll
  static void close() {
    session.close();
  }
}
