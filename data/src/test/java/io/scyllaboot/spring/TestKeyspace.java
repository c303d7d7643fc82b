package io.scyllaboot.spring;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.testing.CassandraNode;
import java.time.Duration;

/**
 * A keyspace of one test class on the local node (unique per JVM), its tables, and a session on it;
 * closing drops the keyspace.
 */
public final class TestKeyspace implements AutoCloseable {
  private final CqlSession admin;
  private final String name;
  private final CqlSession session;

  private TestKeyspace(CqlSession admin, String name, CqlSession session) {
    this.admin = admin;
    this.name = name;
    this.session = session;
  }

  /**
   * @param tables each {@code "name (columns, PRIMARY KEY ...)"}, created in the new keyspace
   */
  public static TestKeyspace create(String prefix, String... tables) {
    CassandraNode.ensureRunning();
    String name = CassandraNode.uniqueKeyspace(prefix);
    CqlSession admin = CassandraNode.openSession();
    CassandraNode.createKeyspace(admin, name);
    for (String table : tables) {
      admin.execute("CREATE TABLE " + name + "." + table);
    }
    CqlSession session =
        CqlSession.builder()
            .addContactPoint(CassandraNode.address())
            .withKeyspace(name)
            .withRequestTimeout(Duration.ofSeconds(30))
            .build();
    return new TestKeyspace(admin, name, session);
  }

  /** A session whose keyspace is this one. */
  public CqlSession session() {
    return session;
  }

  /** The keyspace's unique name. */
  public String name() {
    return name;
  }

  /** Empties tables of this keyspace. */
  public void truncate(String... tables) {
    for (String table : tables) {
      session.execute("TRUNCATE " + table);
    }
  }

  @Override
  public void close() {
    session.close();
    admin.execute("DROP KEYSPACE IF EXISTS " + name);
    admin.close();
  }
}
