package io.scyllaboot.spring.repository.support;

import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.mapping.ScyllaPersistentProperty;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.data.mapping.InstanceCreatorMetadata;
import org.springframework.data.mapping.Parameter;
import org.springframework.data.mapping.PersistentPropertyAccessor;
import org.springframework.data.mapping.model.EntityInstantiators;
import org.springframework.data.mapping.model.ParameterValueProvider;

/**
 * The CQL of an entity's CRUD statements, built once, and the conversions between ids and key
 * column values. {@code ID} is the single key column's type, the entity's {@code PrimaryKeyClass},
 * a {@code MapId} of key property names, or a type whose properties are named like the entity's
 * primary key properties. A simple {@code ID} over a key of several columns is accepted, as Spring
 * Data Cassandra accepts it: ids are then {@code MapId}s.
 */
public final class EntityStatements<T, ID> {
  private static final Log logger = LogFactory.getLog(EntityStatements.class);
  private final ScyllaPersistentEntity<T> entity;
  private final Class<ID> idType;
  private final ScyllaEntityConverter converter;
  private final List<ScyllaPersistentProperty> key;
  private final ScyllaPersistentEntity<?> idEntity;
  private final boolean mapId;
  private final String columns;
  final String insert;
  final String selectByKey;
  final String existsByKey;
  final String deleteByKey;
  final String selectAll;
  final String count;
  final String truncate;

  public EntityStatements(
      ScyllaPersistentEntity<T> entity, Class<ID> idType, ScyllaEntityConverter converter) {
    this.entity = entity;
    this.idType = idType;
    this.converter = converter;
    this.key = entity.getPrimaryKey();
    ScyllaMappingContext context = converter.getMappingContext();
    // The mapping context's simple types: a value object with a custom conversion is one column.
    boolean simpleId = !Map.class.isAssignableFrom(idType) && context.isSimpleType(idType);
    // A simple id over a key of several columns is accepted, as Spring Data Cassandra accepts it:
    // the entity's id is then a MapId, and by-id calls need one (a simple value fails when the
    // call runs, naming the key).
    this.mapId = Map.class.isAssignableFrom(idType) || (simpleId && key.size() != 1);
    if (simpleId && key.size() != 1) {
      logger.warn(
          entity.getType().getName()
              + " has a primary key of "
              + key.size()
              + " columns "
              + key.stream().map(ScyllaPersistentProperty::getName).toList()
              + " but its repository's ID is "
              + idType.getName()
              + ": by-id methods need a MapId of these properties (or declare a key type as ID)");
    }
    this.idEntity = simpleId || mapId ? null : context.getRequiredPersistentEntity(idType);
    String table = entity.getQualifiedTableName();
    this.columns =
        entity.getColumns().stream()
            .map(ScyllaPersistentProperty::getCqlName)
            .collect(Collectors.joining(", "));
    String where =
        key.stream().map(p -> p.getCqlName() + " = ?").collect(Collectors.joining(" AND "));
    this.insert =
        "INSERT INTO "
            + table
            + " ("
            + entity.getWritableColumns().stream()
                .map(ScyllaPersistentProperty::getCqlName)
                .collect(Collectors.joining(", "))
            + ") VALUES ("
            + "?, ".repeat(entity.getWritableColumns().size() - 1)
            + "?)";
    this.selectByKey = "SELECT " + columns + " FROM " + table + " WHERE " + where;
    this.existsByKey =
        "SELECT " + key.get(0).getCqlName() + " FROM " + table + " WHERE " + where + " LIMIT 1";
    this.deleteByKey = "DELETE FROM " + table + " WHERE " + where;
    this.selectAll = "SELECT " + columns + " FROM " + table;
    this.count = "SELECT COUNT(*) FROM " + table;
    this.truncate = "TRUNCATE " + table;
  }

  public ScyllaPersistentEntity<T> entity() {
    return entity;
  }

  /** The selected columns, comma-separated, in entity column order. */
  public String columns() {
    return columns;
  }

  /** The values of an entity, in the INSERT's column order. */
  Object[] insertValues(T instance) {
    Map<String, Object> values = converter.write(entity, instance);
    return values.values().toArray();
  }

  /** The key column values of an id, in primary key order. */
  @SuppressWarnings("unchecked")
  Object[] idValues(ID id) {
    if (mapId) {
      return converter.keyValues(entity, (Map<?, ?>) id);
    }
    if (idEntity == null) {
      return new Object[] {converter.convertWrite(key.get(0), id)};
    }
    PersistentPropertyAccessor<ID> accessor =
        ((ScyllaPersistentEntity<ID>) idEntity).getPropertyAccessor(id);
    Object[] values = new Object[key.size()];
    for (int i = 0; i < values.length; i++) {
      ScyllaPersistentProperty idProperty =
          idEntity.getRequiredPersistentProperty(key.get(i).getName());
      values[i] = converter.convertWrite(key.get(i), accessor.getProperty(idProperty));
    }
    return values;
  }

  /** The key column values of an entity, in primary key order. */
  Object[] entityKeyValues(T instance) {
    PersistentPropertyAccessor<T> accessor = entity.getPropertyAccessor(instance);
    Object[] values = new Object[key.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = converter.convertWrite(key.get(i), entity.getColumnValue(accessor, key.get(i)));
    }
    return values;
  }

  /** The id of an entity: its key value, or a new key object. */
  @SuppressWarnings("unchecked")
  ID id(T instance) {
    PersistentPropertyAccessor<T> accessor = entity.getPropertyAccessor(instance);
    if (mapId) {
      return (ID) converter.mapId(entity, instance);
    }
    if (entity.getKeyClassProperty() != null) {
      return (ID) accessor.getProperty(entity.getKeyClassProperty());
    }
    if (idEntity == null) {
      return (ID) accessor.getProperty(key.get(0));
    }
    ScyllaPersistentEntity<ID> keyEntity = (ScyllaPersistentEntity<ID>) idEntity;
    InstanceCreatorMetadata<ScyllaPersistentProperty> creator =
        keyEntity.getInstanceCreatorMetadata();
    ParameterValueProvider<ScyllaPersistentProperty> parameters =
        new ParameterValueProvider<>() {
          @Override
          @SuppressWarnings("unchecked")
          public <V> V getParameterValue(Parameter<V, ScyllaPersistentProperty> parameter) {
            return (V)
                accessor.getProperty(entity.getRequiredPersistentProperty(parameter.getName()));
          }
        };
    ID id =
        new EntityInstantiators()
            .getInstantiatorFor(keyEntity)
            .createInstance(keyEntity, parameters);
    PersistentPropertyAccessor<ID> idAccessor = keyEntity.getPropertyAccessor(id);
    keyEntity.doWithProperties(
        (ScyllaPersistentProperty property) -> {
          if (creator == null || !creator.isCreatorParameter(property)) {
            idAccessor.setProperty(
                property,
                accessor.getProperty(entity.getRequiredPersistentProperty(property.getName())));
          }
        });
    return idAccessor.getBean();
  }

  Class<ID> idType() {
    return idType;
  }
}
