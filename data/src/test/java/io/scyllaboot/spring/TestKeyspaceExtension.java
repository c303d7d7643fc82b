package io.scyllaboot.spring;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.repository.support.SchemaCreator;
import io.scyllaboot.spring.repository.support.ScyllaRepositoryFactory;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A {@link TestKeyspace} for one test class, registered as a static {@code @RegisterExtension}
 * field: created before the class's {@code @BeforeAll} methods run, dropped after its
 * {@code @AfterAll} methods, so the classes need no set-up and tear-down of their own.
 */
public final class TestKeyspaceExtension implements BeforeAllCallback, AfterAllCallback {
  private final String prefix;
  private final String[] tables;
  private TestKeyspace keyspace;

  /**
   * @param tables each {@code "name (columns, PRIMARY KEY ...)"}, created in the new keyspace
   */
  public TestKeyspaceExtension(String prefix, String... tables) {
    this.prefix = prefix;
    this.tables = tables;
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    keyspace = TestKeyspace.create(prefix, tables);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    if (keyspace != null) {
      keyspace.close();
      keyspace = null;
    }
  }

  /** A session whose keyspace is this one. */
  public CqlSession session() {
    return keyspace.session();
  }

  /** The keyspace's unique name. */
  public String name() {
    return keyspace.name();
  }

  /** Empties tables of this keyspace. */
  public void truncate(String... tables) {
    keyspace.truncate(tables);
  }

  /**
   * Repositories on their own template over {@link #session()}.
   *
   * @param createSchema whether the factory creates the entities' tables
   */
  public ScyllaRepositoryFactory repositories(ScyllaMappingContext context, boolean createSchema) {
    return new ScyllaRepositoryFactory(
        session(),
        new ScyllaExceptionTranslator(),
        new ScyllaEntityConverter(context),
        createSchema ? new SchemaCreator(session(), context) : null);
  }
}
