package io.scyllaboot.driver.api.mapper.entity;

import io.scyllaboot.driver.api.cql.BoundStatement;
import io.scyllaboot.driver.api.cql.ColumnDefinitions;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.cql.Unset;
import io.scyllaboot.driver.api.mapper.entity.EntityModel.Property;
import io.scyllaboot.driver.api.mapper.entity.EntityQuery.Kind;
import io.scyllaboot.driver.api.mapper.entity.saving.NullSavingStrategy;
import io.scyllaboot.driver.api.type.CqlStrings;
import java.lang.invoke.MethodType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/** {@link EntityHelper} on an {@link EntityModel}: the CQL is written once, here. */
final class ReflectiveEntityHelper<T> implements EntityHelper<T> {
  private final EntityModel<T> model;
  private final @Nullable String keyspace;
  private final String table;
  private final String qualifiedTable;
  private final String allColumns;
  private final String assignments;

  ReflectiveEntityHelper(EntityModel<T> model, @Nullable String keyspace, @Nullable String table) {
    this.model = model;
    this.keyspace = keyspace;
    this.table = table != null ? table : model.table();
    this.qualifiedTable = keyspace == null ? this.table : keyspace + "." + this.table;
    this.allColumns =
        model.properties().stream().map(Property::column).collect(Collectors.joining(","));
    this.assignments =
        model.properties().stream()
            .filter(p -> !p.inPrimaryKey())
            .map(p -> p.column() + " = :" + p.column())
            .collect(Collectors.joining(", "));
  }

  @Override
  public Class<T> entityClass() {
    return model.type();
  }

  @Override
  public @Nullable String keyspace() {
    return keyspace;
  }

  @Override
  public String table() {
    return table;
  }

  @Override
  public List<String> columns() {
    return model.properties().stream().map(Property::column).toList();
  }

  @Override
  public List<String> primaryKey() {
    return model.primaryKey().stream().map(Property::column).toList();
  }

  @Override
  public EntityQuery insert() {
    return EntityQuery.start(Kind.INSERT, qualifiedTable, allColumns);
  }

  @Override
  public EntityQuery selectStart() {
    return EntityQuery.start(Kind.SELECT, qualifiedTable, allColumns);
  }

  @Override
  public EntityQuery selectByPrimaryKey() {
    return selectByPrimaryKeyParts(model.primaryKey().size());
  }

  @Override
  public EntityQuery selectByPrimaryKeyParts(int count) {
    return byPrimaryKey(selectStart(), count);
  }

  @Override
  public EntityQuery deleteStart() {
    return EntityQuery.start(Kind.DELETE, qualifiedTable, "");
  }

  @Override
  public EntityQuery deleteByPrimaryKey() {
    return deleteByPrimaryKeyParts(model.primaryKey().size());
  }

  @Override
  public EntityQuery deleteByPrimaryKeyParts(int count) {
    return byPrimaryKey(deleteStart(), count);
  }

  @Override
  public EntityQuery updateStart() {
    if (assignments.isEmpty()) {
      throw new IllegalArgumentException(
          "entity " + model.type().getName() + " has no column outside its primary key to update");
    }
    return EntityQuery.start(Kind.UPDATE, qualifiedTable, assignments);
  }

  @Override
  public EntityQuery updateByPrimaryKey() {
    return byPrimaryKey(updateStart(), model.primaryKey().size());
  }

  private EntityQuery byPrimaryKey(EntityQuery start, int count) {
    List<Property> key = model.primaryKey();
    if (count < 0 || count > key.size()) {
      throw new IllegalArgumentException(
          "entity "
              + model.type().getName()
              + " has "
              + key.size()
              + " primary key columns, not "
              + count);
    }
    EntityQuery query = start;
    for (int i = 0; i < count; i++) {
      String column = key.get(i).column();
      query = query.whereColumn(column).isEqualTo(EntityQuery.bindMarker(column));
    }
    return query;
  }

  @Override
  public BoundStatement set(
      T entity, BoundStatement target, NullSavingStrategy nullSavingStrategy, boolean lenient) {
    Objects.requireNonNull(entity, "entity");
    ColumnDefinitions variables = target.preparedStatement().variables();
    BoundStatement bound = target;
    for (Property property : model.properties()) {
      String marker = CqlStrings.unDoubleQuote(property.column());
      if (!variables.contains(marker)) {
        if (!lenient) {
          throw new IllegalArgumentException(
              "the statement has no marker named "
                  + marker
                  + " for "
                  + model.type().getSimpleName()
                  + "."
                  + property.name());
        }
        continue;
      }
      Object value = model.read(entity, property);
      if (value != null) {
        bound = bound.set(marker, value);
      } else {
        bound =
            bound.set(
                marker, nullSavingStrategy == NullSavingStrategy.SET_TO_NULL ? null : Unset.VALUE);
      }
    }
    return bound;
  }

  @Override
  public T get(Row row, boolean lenient) {
    ColumnDefinitions columns = row.columnDefinitions();
    T entity = model.newInstance();
    for (Property property : model.properties()) {
      String column = CqlStrings.unDoubleQuote(property.column());
      if (!columns.contains(column)) {
        if (!lenient) {
          throw new IllegalArgumentException(
              "the row has no column "
                  + column
                  + " for "
                  + model.type().getSimpleName()
                  + "."
                  + property.name());
        }
        continue;
      }
      Object value = read(row, column, property.type());
      if (value != null) {
        model.write(entity, property, value);
      }
    }
    return entity;
  }

  /** A column as its property's type: collections of classes by element, others by class. */
  private static @Nullable Object read(Row row, String column, Type type) {
    if (type instanceof Class<?> c) {
      Class<?> target = MethodType.methodType(c).wrap().returnType();
      return row.get(column, target);
    }
    if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> raw) {
      Type[] arguments = p.getActualTypeArguments();
      if (raw == List.class && arguments[0] instanceof Class<?> element) {
        return row.getList(column, element);
      }
      if (raw == Set.class && arguments[0] instanceof Class<?> element) {
        return row.getSet(column, element);
      }
      if (raw == Map.class
          && arguments[0] instanceof Class<?> key
          && arguments[1] instanceof Class<?> value) {
        return row.getMap(column, key, value);
      }
      return row.get(column, raw);
    }
    return row.getObject(column);
  }
}
