package io.scyllaboot.spring.core.admin;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.metadata.KeyspaceMetadata;
import io.scyllaboot.driver.api.metadata.SchemaMetadata;
import io.scyllaboot.driver.api.metadata.TableMetadata;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.CqlIdentifiers;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.repository.support.EntitySchemaCql;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.dao.InvalidDataAccessApiUsageException;

/**
 * The {@link ScyllaAdminOperations} of a session. Metadata comes from the session's schema metadata
 * ({@code session.metadata().schema()}): the kept snapshot, which each DDL statement of the session
 * refreshes before it completes, or a read on demand when schema metadata is disabled. When the
 * session is limited to some keyspaces ({@code scylla.metadata.schema.keyspaces}), the others are
 * not seen: their metadata is empty. Tables from entity classes are written by {@link
 * EntitySchemaCql}, as schema creation writes them. Thread-safe.
 */
public class ScyllaAdminTemplate implements ScyllaAdminOperations {
  private static final Log logger = LogFactory.getLog(ScyllaAdminTemplate.class);

  private final CqlSession session;
  private final ScyllaExceptionTranslator translator;
  private final ScyllaMappingContext mappingContext;
  private final EntitySchemaCql entitySchema;

  /** On a session, with the default mapping (snake-case names) for entity classes. */
  public ScyllaAdminTemplate(CqlSession session) {
    this(session, new ScyllaExceptionTranslator());
  }

  public ScyllaAdminTemplate(CqlSession session, ScyllaExceptionTranslator translator) {
    this(session, translator, new ScyllaMappingContext());
  }

  /** With the application's mapping (naming strategy, conversions) for entity classes. */
  public ScyllaAdminTemplate(
      CqlSession session,
      ScyllaExceptionTranslator translator,
      ScyllaMappingContext mappingContext) {
    this.session = Objects.requireNonNull(session, "session");
    this.translator = Objects.requireNonNull(translator, "translator");
    this.mappingContext = Objects.requireNonNull(mappingContext, "mappingContext");
    this.entitySchema = new EntitySchemaCql(mappingContext);
  }

  public CqlSession getSession() {
    return session;
  }

  /** The mapping that tables from entity classes follow. */
  public ScyllaMappingContext getMappingContext() {
    return mappingContext;
  }

  @Override
  public Optional<KeyspaceMetadata> getKeyspaceMetadata(String keyspace) {
    return schema().keyspace(keyspace);
  }

  @Override
  public KeyspaceMetadata getKeyspaceMetadata() {
    String keyspace = session.keyspace();
    if (keyspace == null) {
      throw new IllegalStateException(
          "The session has no keyspace: name one, getKeyspaceMetadata(keyspace)");
    }
    return getKeyspaceMetadata(keyspace)
        .orElseThrow(() -> new IllegalStateException("No keyspace " + keyspace + " on the server"));
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

  @Override
  public void createTable(boolean ifNotExists, Class<?> entityClass, Map<String, Object> options) {
    createTable(ifNotExists, tableEntity(entityClass).getTableName(), entityClass, options);
  }

  @Override
  public void createTable(
      boolean ifNotExists, String table, Class<?> entityClass, Map<String, Object> options) {
    ScyllaPersistentEntity<?> entity = tableEntity(entityClass);
    CqlLiterals.requireName(
        table, "a table created from " + entityClass.getName() + " needs a name");
    String keyspace = keyspaceOf(entity);
    Map<String, String> literals = new LinkedHashMap<>();
    options.forEach(
        (name, value) ->
            literals.put(
                CqlLiterals.optionName(name).toLowerCase(Locale.ROOT), CqlLiterals.literal(value)));
    List<EntitySchemaCql.UserType> types;
    String createTable;
    List<String> indexes;
    try {
      types = entitySchema.userTypes(entity, keyspace);
      createTable = entitySchema.createTableCql(entity, ifNotExists, keyspace, table, literals);
      indexes = entitySchema.createIndexCql(entity, keyspace, table);
    } catch (IllegalStateException e) {
      throw unmappable(entityClass, e);
    }
    for (EntitySchemaCql.UserType type : types) {
      execute("create type", type.createCql());
    }
    execute("create table", createTable);
    for (String index : indexes) {
      execute("create index", index);
    }
  }

  @Override
  public void createUserTypes(Class<?> entityClass) {
    ScyllaPersistentEntity<?> entity = entity(entityClass);
    List<EntitySchemaCql.UserType> types;
    try {
      types = entitySchema.userTypes(entity, keyspaceOf(entity));
    } catch (IllegalStateException e) {
      throw unmappable(entityClass, e);
    }
    for (EntitySchemaCql.UserType type : types) {
      execute("create type", type.createCql());
    }
  }

  @Override
  public void dropTable(Class<?> entityClass) {
    ScyllaPersistentEntity<?> entity = tableEntity(entityClass);
    dropTable(keyspaceOf(entity), entity.getTableName());
  }

  @Override
  public Optional<TableMetadata> getTableMetadata(Class<?> entityClass) {
    ScyllaPersistentEntity<?> entity = tableEntity(entityClass);
    return getTableMetadata(keyspaceOf(entity), entity.getTableName());
  }

  @Override
  public void createUserType(UserTypeSpec type) {
    execute("create type", type.createCql());
  }

  @Override
  public void alterUserType(AlterUserTypeSpec changes) {
    for (String cql : changes.cql()) {
      execute("alter type", cql);
    }
  }

  @Override
  public void dropUserType(String keyspace, String type) {
    execute(
        "drop type",
        "DROP TYPE IF EXISTS "
            + CqlLiterals.qualified(
                CqlLiterals.requireName(keyspace, "drop type needs a keyspace"),
                CqlLiterals.requireName(type, "drop type needs a type name")));
  }

  @Override
  public void createIndex(IndexSpec index) {
    execute("create index", index.createCql());
  }

  @Override
  public void dropIndex(String keyspace, String index) {
    execute(
        "drop index",
        "DROP INDEX IF EXISTS "
            + CqlLiterals.qualified(
                CqlLiterals.requireName(keyspace, "drop index needs a keyspace"),
                CqlLiterals.requireName(index, "drop index needs an index name")));
  }

  /** The mapped class, or a typed error naming it and what its mapping lacks. */
  private ScyllaPersistentEntity<?> entity(Class<?> entityClass) {
    Objects.requireNonNull(entityClass, "entityClass");
    try {
      return mappingContext.getRequiredPersistentEntity(entityClass);
    } catch (RuntimeException e) {
      throw unmappable(entityClass, e);
    }
  }

  private ScyllaPersistentEntity<?> tableEntity(Class<?> entityClass) {
    ScyllaPersistentEntity<?> entity = entity(entityClass);
    if (!entity.isTable()) {
      throw new InvalidDataAccessApiUsageException(
          entityClass.getName() + " is not an entity with a table: annotate it with @Table");
    }
    return entity;
  }

  /** The entity's {@code @Table(keyspace)}, else the session's keyspace. */
  private String keyspaceOf(ScyllaPersistentEntity<?> entity) {
    String keyspace = entity.getKeyspace() != null ? entity.getKeyspace() : session.keyspace();
    if (keyspace == null) {
      throw new InvalidDataAccessApiUsageException(
          entity.getType().getName()
              + " names no keyspace (@Table(keyspace = ...)) and the session has none: open the"
              + " session in a keyspace or name one on the class");
    }
    return keyspace;
  }

  private static InvalidDataAccessApiUsageException unmappable(
      Class<?> entityClass, RuntimeException e) {
    // The mapping context wraps what the entity lacks in a generic "Cannot create" exception.
    return new InvalidDataAccessApiUsageException(
        "No schema for "
            + entityClass.getName()
            + ": "
            + NestedExceptionUtils.getMostSpecificCause(e).getMessage(),
        e);
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
