package io.scyllaboot.spring.core;

import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * The statements of entities and the writes built from them, as the blocking template makes them:
 * shared with the reactive entity template ({@code io.scyllaboot.spring.reactive}), so that both
 * write the same CQL with the same version conditions. Not meant for applications; use the
 * templates. Thread-safe; each entity's statements are built once.
 */
public final class EntityWriteSupport {
  private final ScyllaEntityConverter converter;
  private final Map<Class<?>, EntityCql<?>> statements = new ConcurrentHashMap<>();
  // The fluent API's inTable: (entity class, table) to its statements there.
  private final Map<List<Object>, EntityCql<?>> inOtherTables = new ConcurrentHashMap<>();

  public EntityWriteSupport(ScyllaEntityConverter converter) {
    this.converter = Objects.requireNonNull(converter, "converter");
  }

  /** The entity's statements against another table of its shape, or its own table for null. */
  @SuppressWarnings("unchecked")
  <T> EntityCql<T> cql(Class<T> type, @Nullable String table) {
    if (table == null) {
      return cql(type);
    }
    if (table.isBlank()) {
      throw new IllegalArgumentException("table must not be blank");
    }
    return (EntityCql<T>)
        inOtherTables.computeIfAbsent(
            List.of(type, table), key -> new EntityCql<>(cql(type).entity(), converter, table));
  }

  @SuppressWarnings("unchecked")
  <T> EntityCql<T> cql(Class<T> type) {
    Objects.requireNonNull(type, "entity class");
    return (EntityCql<T>)
        statements.computeIfAbsent(
            type,
            key -> {
              ScyllaPersistentEntity<?> entity =
                  converter.getMappingContext().getRequiredPersistentEntity(key);
              if (!entity.isTable()) {
                throw new IllegalArgumentException(
                    key.getName() + " is not a table entity: annotate it with @Table");
              }
              return new EntityCql<>(entity, converter);
            });
  }

  @SuppressWarnings("unchecked")
  private <T> EntityCql<T> cqlOf(T entity) {
    return cql((Class<T>) Objects.requireNonNull(entity, "entity").getClass());
  }

  /** The mapping of a table entity type. */
  public <T> ScyllaPersistentEntity<T> entity(Class<T> entityClass) {
    return cql(entityClass).entity();
  }

  /** SELECT of every column of the entity's table. */
  public String selectAll(Class<?> entityClass) {
    return cql(entityClass).selectAll;
  }

  /** SELECT of every column of the row with a key (bind {@link #idValues}). */
  public String selectByKey(Class<?> entityClass) {
    return cql(entityClass).selectByKey;
  }

  /** SELECT of one key column of the row with a key, LIMIT 1. */
  public String existsByKey(Class<?> entityClass) {
    return cql(entityClass).existsByKey;
  }

  /** DELETE of the row with a key, unconditional. */
  public String deleteByKey(Class<?> entityClass) {
    return cql(entityClass).delete(false, false, null);
  }

  public String count(Class<?> entityClass) {
    return cql(entityClass).count;
  }

  public String truncate(Class<?> entityClass) {
    return cql(entityClass).truncate;
  }

  /**
   * The key column values of an id, in primary key order.
   *
   * @param id the key value for a one-column key; else an object (or an entity) whose properties
   *     are named like the key properties
   */
  public Object[] idValues(Object id, Class<?> entityClass) {
    return cql(entityClass).idValues(Objects.requireNonNull(id, "id"));
  }

  /** The insert of an entity its before-convert callbacks have seen (version checked). */
  public <T> PlannedWrite<T> insert(T converted, InsertOptions options) {
    return new PlannedWrite<>(EntityWrites.insertOf(cqlOf(converted), converted, options, true));
  }

  /** {@link #insert(Object, InsertOptions)} into another table of the entity's shape. */
  @SuppressWarnings("unchecked")
  public <T> PlannedWrite<T> insert(T converted, InsertOptions options, String table) {
    EntityCql<T> cql = cql((Class<T>) converted.getClass(), table);
    return new PlannedWrite<>(EntityWrites.insertOf(cql, converted, options, true));
  }

  /** The update of an entity its before-convert callbacks have seen (version checked). */
  public <T> PlannedWrite<T> update(T converted, UpdateOptions options) {
    return new PlannedWrite<>(EntityWrites.updateOf(cqlOf(converted), converted, options, true));
  }

  /** The delete of an entity's row (version checked). */
  public <T> PlannedWrite<T> delete(T entity, DeleteOptions options) {
    return new PlannedWrite<>(EntityWrites.delete(cqlOf(entity), entity, options, true));
  }
}
