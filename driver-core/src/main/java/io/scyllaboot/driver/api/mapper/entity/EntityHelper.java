package io.scyllaboot.driver.api.mapper.entity;

import io.scyllaboot.driver.api.cql.BoundStatement;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.mapper.annotations.Entity;
import io.scyllaboot.driver.api.mapper.entity.saving.NullSavingStrategy;
import org.jspecify.annotations.Nullable;

/**
 * An {@link Entity} class's table, CQL and values: the queries it starts name its columns and bind
 * each from a named marker of the column's name; {@link #set} binds an entity's properties, {@link
 * #get} reads one from a row. Thread-safe; one per entity class, keyspace and table is enough.
 *
 * @param <T> the entity
 */
public interface EntityHelper<T> {

  /**
   * The helper of an entity class, on a keyspace ({@code null}: the session's) and a table ({@code
   * null}: the entity's own).
   *
   * @throws IllegalArgumentException when the class is no entity (not annotated, no partition key,
   *     no no-argument constructor)
   */
  static <T> EntityHelper<T> of(
      Class<T> entityClass, @Nullable String keyspace, @Nullable String table) {
    return new ReflectiveEntityHelper<>(EntityModel.of(entityClass), keyspace, table);
  }

  /** The column a property of this name maps to when it has no {@code @CqlName}: snake case. */
  static String columnName(String property) {
    return EntityModel.snakeCase(property);
  }

  Class<T> entityClass();

  /** The keyspace, or {@code null} for the session's. */
  @Nullable String keyspace();

  /** The table. */
  String table();

  /** The columns the entity's properties map to, primary key first, as CQL writes them. */
  java.util.List<String> columns();

  /** The primary key's columns: the partition key's, then the clustering columns. */
  java.util.List<String> primaryKey();

  /** {@code INSERT INTO table (every column) VALUES (:every column)}. */
  EntityQuery insert();

  /** {@code SELECT every column FROM table}, to add relations to. */
  EntityQuery selectStart();

  /** {@link #selectStart()} with a relation on each primary key column. */
  EntityQuery selectByPrimaryKey();

  /** {@link #selectStart()} with a relation on the first {@code count} primary key columns. */
  EntityQuery selectByPrimaryKeyParts(int count);

  /** {@code DELETE FROM table}, to add relations to. */
  EntityQuery deleteStart();

  /** {@link #deleteStart()} with a relation on each primary key column. */
  EntityQuery deleteByPrimaryKey();

  /** {@link #deleteStart()} with a relation on the first {@code count} primary key columns. */
  EntityQuery deleteByPrimaryKeyParts(int count);

  /** {@code UPDATE table SET each regular column = :column}, to add relations to. */
  EntityQuery updateStart();

  /** {@link #updateStart()} with a relation on each primary key column. */
  EntityQuery updateByPrimaryKey();

  /**
   * Binds the entity's properties to the statement's markers of their columns' names: a null
   * property is left unset ({@link NullSavingStrategy#DO_NOT_SET}) or bound to null. Returns the
   * statement with those values (statements are immutable: keep what this returns).
   *
   * @param lenient whether a property whose column the statement has no marker for is skipped
   *     ({@code false}: that is an {@link IllegalArgumentException})
   */
  BoundStatement set(
      T entity, BoundStatement target, NullSavingStrategy nullSavingStrategy, boolean lenient);

  /** As {@link #set(Object, BoundStatement, NullSavingStrategy, boolean)}, not lenient. */
  default BoundStatement set(
      T entity, BoundStatement target, NullSavingStrategy nullSavingStrategy) {
    return set(entity, target, nullSavingStrategy, false);
  }

  /**
   * A new entity with the row's values.
   *
   * @param lenient whether a property whose column the row lacks is left as constructed ({@code
   *     false}: that is an {@link IllegalArgumentException})
   */
  T get(Row row, boolean lenient);

  /** As {@link #get(Row, boolean)}, not lenient. */
  default T get(Row row) {
    return get(row, false);
  }
}
