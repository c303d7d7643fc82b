package io.scyllaboot.spring.core.admin;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.metadata.KeyspaceMetadata;
import io.scyllaboot.driver.api.metadata.SchemaMetadata;
import io.scyllaboot.driver.api.metadata.TableMetadata;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.CqlIdentifiers;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * The {@link ScyllaAdminOperations} of a session. Metadata comes from the session's schema metadata
 * ({@code session.metadata().schema()}): the kept snapshot, which each DDL statement of the session
 * refreshes before it completes, or a read on demand when schema metadata is disabled. When the
 * session is limited to some keyspaces ({@code scylla.metadata.schema.keyspaces}), the others are
 * not seen: their metadata is empty. Thread-safe.
 */
public class ScyllaAdminTemplate implements ScyllaAdminOperations {
  private static final Log logger = LogFactory.getLog(ScyllaAdminTemplate.class);

  private final CqlSession session;
  private final ScyllaExceptionTranslator translator;

  public ScyllaAdminTemplate(CqlSession session) {
    this(session, new ScyllaExceptionTranslator());
  }

  public ScyllaAdminTemplate(CqlSession session, ScyllaExceptionTranslator translator) {
    this.session = session;
    this.translator = translator;
  }

  public CqlSession getSession() {
    return session;
  }

  @Override
  public Optional<KeyspaceMetadata> getKeyspaceMetadata(String keyspace) {
    return schema().keyspace(keyspace);
  }

  @Override
  public Optional<TableMetadata> getTableMetadata(String keyspace, String table) {
    return getKeyspaceMetadata(keyspace).flatMap(found -> found.table(table));
  }

  @Override
  public Collection<TableMetadata> getTables(String keyspace) {
    return getKeyspaceMetadata(keyspace)
        .map(found -> (Collection<TableMetadata>) List.copyOf(found.tables().values()))
        .orElse(List.of());
  }

  @Override
  public void createKeyspace(KeyspaceSpec keyspace) {
    execute("create keyspace", keyspace.createCql());
  }

  @Override
  public void alterKeyspace(KeyspaceSpec keyspace) {
    execute("alter keyspace", keyspace.alterCql());
  }

  @Override
  public void dropKeyspace(String keyspace) {
    execute("drop keyspace", "DROP KEYSPACE IF EXISTS " + CqlIdentifiers.cql(keyspace));
  }

  @Override
  public void createTable(TableSpec table) {
    execute("create table", table.createCql());
  }

  @Override
  public void alterTable(AlterTableSpec changes) {
    for (String cql : changes.cql()) {
      execute("alter table", cql);
    }
  }

  @Override
  public void dropTable(String keyspace, String table) {
    execute(
        "drop table",
        "DROP TABLE IF EXISTS " + CqlIdentifiers.cql(keyspace) + "." + CqlIdentifiers.cql(table));
  }

  private void execute(String task, String cql) {
    if (logger.isDebugEnabled()) {
      logger.debug("Executing " + task + ": " + cql);
    }
    try {
      session.execute(cql);
    } catch (RuntimeException e) {
      throw translator.toRuntime(task, cql, e);
    }
  }

  private SchemaMetadata schema() {
    try {
      return session.metadata().schema();
    } catch (RuntimeException e) {
      throw translator.toRuntime("read the schema", null, e);
    }
  }
}
