package io.scyllaboot.spring.core;

import io.scyllaboot.driver.api.cql.Unset;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.mapping.ScyllaPersistentProperty;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.mapping.PersistentPropertyAccessor;

/**
 * The CQL of one entity's statements and the values they bind. Every value is a bind marker (TTL
 * too), so each statement shape is one cached prepared statement; the shapes without a custom
 * condition are built once and kept here.
 */
final class EntityCql<T> {
  private static final int TTL = 1;
  private static final int IF_EXISTS = 2;
  private static final int IF_VERSION = 4;

  private final ScyllaPersistentEntity<T> entity;
  private final ScyllaEntityConverter converter;
  private final List<ScyllaPersistentProperty> key;
  private final List<ScyllaPersistentProperty> regular;
  private final @Nullable ScyllaPersistentProperty version;
  private final String table;
  private final String where;
  private final AtomicReferenceArray<String> inserts = new AtomicReferenceArray<>(4);
  private final AtomicReferenceArray<String> updates = new AtomicReferenceArray<>(8);
  private final AtomicReferenceArray<String> deletes = new AtomicReferenceArray<>(8);
  final String selectAll;
  final String selectByKey;
  final String existsByKey;
  final String count;
  final String truncate;

  EntityCql(ScyllaPersistentEntity<T> entity, ScyllaEntityConverter converter) {
    // keyspace.table for an entity of @Table(keyspace = ...): its statements name it.
    this(entity, converter, entity.getQualifiedTableName());
  }

  /** The statements of the entity against another table of its shape (the fluent inTable). */
  EntityCql(ScyllaPersistentEntity<T> entity, ScyllaEntityConverter converter, String table) {
    this.entity = entity;
    this.converter = converter;
    this.key = entity.getPrimaryKey();
    this.regular = entity.getWritableColumns().stream().filter(p -> !key.contains(p)).toList();
    this.version = entity.getVersionProperty();
    this.table = table;
    this.where =
        key.stream().map(p -> p.getCqlName() + " = ?").collect(Collectors.joining(" AND "));
    String columns =
        entity.getColumns().stream()
            .map(ScyllaPersistentProperty::getCqlName)
            .collect(Collectors.joining(", "));
    this.selectAll = "SELECT " + columns + " FROM " + table;
    this.selectByKey = selectAll + " WHERE " + where;
    this.existsByKey =
        "SELECT " + key.get(0).getCqlName() + " FROM " + table + " WHERE " + where + " LIMIT 1";
    this.count = "SELECT COUNT(*) FROM " + table;
    this.truncate = "TRUNCATE " + table;
  }

  ScyllaPersistentEntity<T> entity() {
    return entity;
  }

  @Nullable ScyllaPersistentProperty version() {
    return version;
  }

  /** Whether the table has columns outside the primary key (an UPDATE needs one to SET). */
  boolean hasRegularColumns() {
    return !regular.isEmpty();
  }

  String insert(boolean ttl, boolean ifNotExists) {
    int shape = (ttl ? TTL : 0) | (ifNotExists ? IF_EXISTS : 0);
    String cql = inserts.get(shape);
    if (cql == null) {
      cql =
          "INSERT INTO "
              + table
              + " ("
              + entity.getWritableColumns().stream()
                  .map(ScyllaPersistentProperty::getCqlName)
                  .collect(Collectors.joining(", "))
              + ") VALUES ("
              + "?, ".repeat(entity.getWritableColumns().size() - 1)
              + "?)"
              + (ifNotExists ? " IF NOT EXISTS" : "")
              + (ttl ? " USING TTL ?" : "");
      inserts.set(shape, cql);
    }
    return cql;
  }

  /** An UPDATE of every regular column; {@code condition} is a user's {@code IF}, or null. */
  String update(boolean ttl, boolean ifExists, boolean ifVersion, @Nullable WriteCondition custom) {
    int shape = (ttl ? TTL : 0) | (ifExists ? IF_EXISTS : 0) | (ifVersion ? IF_VERSION : 0);
    String cql = custom == null ? updates.get(shape) : null;
    if (cql == null) {
      cql =
          "UPDATE "
              + table
              + (ttl ? " USING TTL ?" : "")
              + " SET "
              + regular.stream().map(p -> p.getCqlName() + " = ?").collect(Collectors.joining(", "))
              + " WHERE "
              + where
              + condition(ifExists, ifVersion, custom);
      if (custom == null) {
        updates.set(shape, cql);
      }
    }
    return cql;
  }

  String delete(boolean ifExists, boolean ifVersion, @Nullable WriteCondition custom) {
    int shape = (ifExists ? IF_EXISTS : 0) | (ifVersion ? IF_VERSION : 0);
    String cql = custom == null ? deletes.get(shape) : null;
    if (cql == null) {
      cql = "DELETE FROM " + table + " WHERE " + where + condition(ifExists, ifVersion, custom);
      if (custom == null) {
        deletes.set(shape, cql);
      }
    }
    return cql;
  }

  private String condition(boolean ifExists, boolean ifVersion, @Nullable WriteCondition custom) {
    if (ifVersion) {
      return " IF "
          + version.getCqlName()
          + " = ?"
          + (custom == null ? "" : " AND " + custom.cql());
    }
    if (custom != null) {
      return " IF " + custom.cql();
    }
    return ifExists ? " IF EXISTS" : "";
  }

  /** The values of an INSERT: every column (nulls unset unless written), then the TTL. */
  Object[] insertValues(T instance, boolean insertNulls, @Nullable Integer ttlSeconds) {
    List<Object> values = new ArrayList<>(entity.getColumns().size() + 1);
    for (Object value : converter.write(entity, instance).values()) {
      values.add(value == null && !insertNulls ? Unset.VALUE : value);
    }
    if (ttlSeconds != null) {
      values.add(ttlSeconds);
    }
    return values.toArray();
  }

  /** The values of an UPDATE: TTL, regular columns, key, then the conditions' values. */
  Object[] updateValues(
      T instance,
      @Nullable Integer ttlSeconds,
      @Nullable Object expectedVersion,
      boolean ifVersion,
      @Nullable WriteCondition custom) {
    PersistentPropertyAccessor<T> accessor = entity.getPropertyAccessor(instance);
    List<Object> values = new ArrayList<>(entity.getColumns().size() + 2);
    if (ttlSeconds != null) {
      values.add(ttlSeconds);
    }
    for (ScyllaPersistentProperty property : regular) {
      // Through the entity: an embedded object's column is read from the embedded object.
      values.add(converter.convertWrite(property, entity.getColumnValue(accessor, property)));
    }
    addKeyAndConditions(values, accessor, expectedVersion, ifVersion, custom);
    return values.toArray();
  }

  /** The values of a DELETE: key, then the conditions' values. */
  Object[] deleteValues(
      T instance,
      @Nullable Object expectedVersion,
      boolean ifVersion,
      @Nullable WriteCondition custom) {
    List<Object> values = new ArrayList<>(key.size() + 2);
    addKeyAndConditions(
        values, entity.getPropertyAccessor(instance), expectedVersion, ifVersion, custom);
    return values.toArray();
  }

  private void addKeyAndConditions(
      List<Object> values,
      PersistentPropertyAccessor<T> accessor,
      @Nullable Object expectedVersion,
      boolean ifVersion,
      @Nullable WriteCondition custom) {
    for (ScyllaPersistentProperty property : key) {
      values.add(converter.convertWrite(property, entity.getColumnValue(accessor, property)));
    }
    if (ifVersion) {
      values.add(converter.convertWrite(version, expectedVersion));
    }
    if (custom != null) {
      values.addAll(List.of(custom.values()));
    }
  }

  /** The update's IF condition as CQL for this entity (its criteria rendered), or null. */
  @Nullable WriteCondition ifCondition(UpdateOptions options) {
    return options.ifConditionFor(entity, converter);
  }

  /** The key column values of an entity, in primary key order. */
  Object[] keyValues(T instance) {
    List<Object> values = new ArrayList<>(key.size());
    addKeyAndConditions(values, entity.getPropertyAccessor(instance), null, false, null);
    return values.toArray();
  }

  /**
   * The key column values of an id: the key value itself for a one-column key, else an entity
   * instance or an object whose properties are named like the key properties.
   *
   * @throws InvalidDataAccessApiUsageException if a simple id is given for a key of several columns
   * @throws IllegalArgumentException if another id does not fit the key
   */
  @SuppressWarnings("unchecked")
  Object[] idValues(Object id) {
    if (entity.getType().isInstance(id)) {
      return keyValues((T) id);
    }
    if (id instanceof Map<?, ?> map) {
      return converter.keyValues(entity, map);
    }
    if (converter.getMappingContext().isSimpleType(id.getClass())) {
      if (key.size() != 1) {
        // Spring Data Cassandra's exception type here: a repository may be declared with a simple
        // id over such a key, and its by-id calls fail when they run.
        throw new InvalidDataAccessApiUsageException(
            entity.getType().getName()
                + " has a primary key of "
                + key.size()
                + " columns "
                + key.stream().map(ScyllaPersistentProperty::getName).toList()
                + ": pass a MapId or a key object with these properties, not a "
                + id.getClass().getName());
      }
      return new Object[] {converter.convertWrite(key.get(0), id)};
    }
    ScyllaPersistentEntity<Object> idEntity =
        (ScyllaPersistentEntity<Object>)
            converter.getMappingContext().getRequiredPersistentEntity(id.getClass());
    PersistentPropertyAccessor<Object> accessor = idEntity.getPropertyAccessor(id);
    Object[] values = new Object[key.size()];
    for (int i = 0; i < values.length; i++) {
      ScyllaPersistentProperty idProperty = idEntity.getPersistentProperty(key.get(i).getName());
      if (idProperty == null) {
        throw new IllegalArgumentException(
            id.getClass().getName()
                + " has no property "
                + key.get(i).getName()
                + " of the primary key of "
                + entity.getType().getName());
      }
      values[i] = converter.convertWrite(key.get(i), accessor.getProperty(idProperty));
    }
    return values;
  }

  /** The key as {@code name=value} pairs, for error messages. */
  String describeKey(T instance) {
    PersistentPropertyAccessor<T> accessor = entity.getPropertyAccessor(instance);
    return key.stream()
        .map(p -> p.getName() + "=" + entity.getColumnValue(accessor, p))
        .collect(Collectors.joining(", ", "[", "]"));
  }
}
