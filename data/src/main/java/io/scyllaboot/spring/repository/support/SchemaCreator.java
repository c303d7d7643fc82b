package io.scyllaboot.spring.repository.support;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.error.InvalidQueryException;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.mapping.ScyllaPersistentProperty;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.data.core.TypeInformation;

/**
 * Creates the tables (and user-defined types) of entities, if they do not exist ({@code
 * scylla.schema-action=create-if-not-exists}); existing tables are never altered. With {@link
 * Action#RECREATE} it drops them first, once per entity.
 */
public class SchemaCreator {
  private static final Log logger = LogFactory.getLog(SchemaCreator.class);

  private final CqlSession session;
  private final ScyllaMappingContext mappingContext;
  private final Action action;
  private final EntitySchemaCql statements;
  // Tables by class; user-defined types by keyspace and class ("" for the session's keyspace).
  private final Set<Object> created = ConcurrentHashMap.newKeySet();
  // User-defined types dropped, by keyspace and class.
  private final Set<Object> dropped = ConcurrentHashMap.newKeySet();

  /** What to do with an entity's table and types. */
  public enum Action {
    /** Create them when they do not exist. */
    CREATE_IF_NOT_EXISTS,
    /**
     * Drop and re-create them (their data is lost): for tests. A type that another table still uses
     * cannot be dropped: it is kept, as it is.
     */
    RECREATE
  }

  /**
   * Creates the tables of the given entity classes (those found by entity scanning, which no
   * repository may name).
   */
  public void createIfNotExists(Iterable<Class<?>> entityTypes) {
    for (Class<?> type : entityTypes) {
      createIfNotExists(mappingContext.getRequiredPersistentEntity(type));
    }
  }

  /** A creator that creates missing tables and types ({@link Action#CREATE_IF_NOT_EXISTS}). */
  public SchemaCreator(CqlSession session, ScyllaMappingContext mappingContext) {
    this(session, mappingContext, Action.CREATE_IF_NOT_EXISTS);
  }

  public SchemaCreator(CqlSession session, ScyllaMappingContext mappingContext, Action action) {
    this.session = session;
    this.mappingContext = mappingContext;
    this.action = action;
    this.statements = new EntitySchemaCql(mappingContext);
  }

  /**
   * Creates the entity's table and user-defined types when they do not exist, after dropping them
   * if the action is {@link Action#RECREATE}; once per entity.
   */
  public void createIfNotExists(ScyllaPersistentEntity<?> entity) {
    if (!created.add(entity.getType())) {
      return;
    }
    if (action == Action.RECREATE) {
      session.execute("DROP TABLE IF EXISTS " + entity.getQualifiedTableName()).close();
      for (ScyllaPersistentProperty property : entity.getColumns()) {
        dropTypes(property.getTypeInformation(), entity.getKeyspace());
      }
    }
    createTypes(entity);
    session.execute(createTableCql(entity)).close();
    for (String index :
        statements.createIndexCql(entity, entity.getKeyspace(), entity.getTableName())) {
      session.execute(index).close();
    }
  }

  /** Drops the user-defined types of a column, the outer ones first (they use the inner ones). */
  private void dropTypes(TypeInformation<?> type, String keyspace) {
    Class<?> udt = udtClass(type);
    if (udt == null) {
      for (TypeInformation<?> element : elementTypes(type)) {
        dropTypes(element, keyspace);
      }
      return;
    }
    if (!dropped.add(List.of(keyspace == null ? "" : keyspace, udt))) {
      return;
    }
    ScyllaPersistentEntity<?> entity = mappingContext.getRequiredPersistentEntity(udt);
    if (entity.isTuple()) {
      for (ScyllaPersistentProperty component : entity.getColumns()) {
        dropTypes(component.getTypeInformation(), keyspace);
      }
      return;
    }
    // In the keyspace of the table that uses it, where createTypes made it.
    String name = ColumnTypes.qualified(keyspace, entity.getTableName());
    try {
      session.execute("DROP TYPE IF EXISTS " + name).close();
    } catch (InvalidQueryException stillUsed) {
      logger.info("Keeping user-defined type " + name + ": " + stillUsed.getMessage());
    }
    for (ScyllaPersistentProperty field : entity.getColumns()) {
      dropTypes(field.getTypeInformation(), keyspace);
    }
  }

  /**
   * The class of a user-defined type, or null for a simple type (also one a custom conversion
   * stores) or a collection.
   */
  private Class<?> udtClass(TypeInformation<?> type) {
    if (type.isCollectionLike() || type.isMap()) {
      return null;
    }
    Class<?> raw = type.getType();
    return mappingContext.isSimpleType(raw) || raw.isEnum() ? null : raw;
  }

  private static List<TypeInformation<?>> elementTypes(TypeInformation<?> type) {
    List<TypeInformation<?>> elements = new ArrayList<>();
    if ((type.isCollectionLike() || type.isMap()) && type.getComponentType() != null) {
      elements.add(type.getComponentType());
    }
    if (type.isMap() && type.getMapValueType() != null) {
      elements.add(type.getMapValueType());
    }
    return elements;
  }

  /** The CREATE TABLE IF NOT EXISTS statement of an entity. */
  public String createTableCql(ScyllaPersistentEntity<?> entity) {
    return statements.createTableCql(
        entity, true, entity.getKeyspace(), entity.getTableName(), Map.of());
  }

  /** User-defined types live in the keyspace of the tables that use them; each made once. */
  private void createTypes(ScyllaPersistentEntity<?> entity) {
    String keyspace = entity.getKeyspace();
    for (EntitySchemaCql.UserType type : statements.userTypes(entity, keyspace)) {
      if (created.add(List.of(keyspace == null ? "" : keyspace, type.type()))) {
        session.execute(type.createCql()).close();
      }
    }
  }
}
