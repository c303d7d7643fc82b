package io.scyllaboot.driver.internal.mapper;

import io.scyllaboot.driver.api.mapper.MapperContext;
import io.scyllaboot.driver.api.mapper.annotations.Delete;
import io.scyllaboot.driver.api.mapper.annotations.Entity;
import io.scyllaboot.driver.api.mapper.annotations.GetEntity;
import io.scyllaboot.driver.api.mapper.annotations.Increment;
import io.scyllaboot.driver.api.mapper.annotations.Insert;
import io.scyllaboot.driver.api.mapper.annotations.Query;
import io.scyllaboot.driver.api.mapper.annotations.QueryProvider;
import io.scyllaboot.driver.api.mapper.annotations.Select;
import io.scyllaboot.driver.api.mapper.annotations.SetEntity;
import io.scyllaboot.driver.api.mapper.annotations.Update;
import io.scyllaboot.driver.api.mapper.entity.EntityHelper;
import io.scyllaboot.driver.api.mapper.entity.EntityQuery;
import io.scyllaboot.driver.api.mapper.entity.saving.NullSavingStrategy;
import io.scyllaboot.driver.internal.mapper.DaoInvocationHandler.DaoMethod;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** Compiles a DAO method from its annotation into the statement it runs and how it binds it. */
final class DaoMethods {
  private DaoMethods() {}

  /**
   * The one entity class a DAO's methods return or take, if there is one: the table of a
   * {@code @Query} that returns no entity ({@code SELECT count(*) FROM ${qualifiedTableId}}).
   */
  static @Nullable Class<?> onlyEntity(Class<?> daoInterface) {
    Set<Class<?>> entities = new HashSet<>();
    for (Method method : daoInterface.getMethods()) {
      for (Class<?> parameter : method.getParameterTypes()) {
        if (parameter.isAnnotationPresent(Entity.class)) {
          entities.add(parameter);
        }
      }
      Delete delete = method.getAnnotation(Delete.class);
      if (delete != null) {
        entities.addAll(List.of(delete.entityClass()));
      }
      try {
        Class<?> returned = ResultShape.of(method).entity();
        if (returned != null) {
          entities.add(returned);
        }
      } catch (IllegalArgumentException e) {
        // A default method's type, or a mistake compile(..) reports with the method's name.
      }
    }
    return entities.size() == 1 ? entities.iterator().next() : null;
  }

  static DaoMethod compile(Method method, DaoContext context, @Nullable Class<?> daoEntity) {
    if (method.isAnnotationPresent(Select.class)) {
      return select(method, method.getAnnotation(Select.class), context);
    } else if (method.isAnnotationPresent(Insert.class)) {
      return insert(method, method.getAnnotation(Insert.class), context);
    } else if (method.isAnnotationPresent(Update.class)) {
      return update(method, method.getAnnotation(Update.class), context);
    } else if (method.isAnnotationPresent(Delete.class)) {
      return delete(method, method.getAnnotation(Delete.class), context);
    } else if (method.isAnnotationPresent(Query.class)) {
      return query(method, method.getAnnotation(Query.class), context, daoEntity);
    } else if (method.isAnnotationPresent(QueryProvider.class)) {
      return provided(method, method.getAnnotation(QueryProvider.class), context);
    } else if (method.isAnnotationPresent(Increment.class)) {
      return increment(method, method.getAnnotation(Increment.class), context);
    } else if (method.isAnnotationPresent(GetEntity.class)) {
      return EntityConversions.get(method, method.getAnnotation(GetEntity.class), context);
    } else if (method.isAnnotationPresent(SetEntity.class)) {
      return EntityConversions.set(method, method.getAnnotation(SetEntity.class), context);
    }
    throw new IllegalArgumentException(
        method
            + " has none of @Select, @Insert, @Update, @Delete, @Query, @QueryProvider,"
            + " @Increment, @GetEntity, @SetEntity");
  }

  private static DaoMethod select(Method method, Select select, DaoContext context) {
    ResultShape.Of shape = ResultShape.of(method);
    if (shape.entity() == null) {
      throw new IllegalArgumentException(method + ": @Select returns entities");
    }
    EntityHelper<?> helper = context.helper(shape.entity());
    EntityQuery query =
        select.customWhereClause().isEmpty()
            ? helper.selectByPrimaryKeyParts(valueParameters(method))
            : helper.selectStart().whereRaw(select.customWhereClause());
    if (!select.limit().isEmpty()) {
      query = query.limit(select.limit());
    }
    if (select.allowFiltering()) {
      query = query.allowFiltering();
    }
    return new StatementMethod(method, context, query.asCql(), shape, null, 0, null, List.of());
  }

  private static DaoMethod insert(Method method, Insert insert, DaoContext context) {
    EntityHelper<?> helper = entityParameter(method, context, "@Insert");
    EntityQuery query = helper.insert();
    if (insert.ifNotExists()) {
      query = query.ifNotExists();
    }
    if (!insert.ttl().isEmpty()) {
      query = query.usingTtl(insert.ttl());
    }
    if (!insert.timestamp().isEmpty()) {
      query = query.usingTimestamp(insert.timestamp());
    }
    return writeByEntity(method, context, query, helper, insert.nullSavingStrategy());
  }

  private static DaoMethod update(Method method, Update update, DaoContext context) {
    EntityHelper<?> helper = entityParameter(method, context, "@Update");
    EntityQuery query = helper.updateByPrimaryKey();
    if (!update.ttl().isEmpty()) {
      query = query.usingTtl(update.ttl());
    }
    if (update.ifExists()) {
      query = query.ifExists();
    } else if (!update.customIfClause().isEmpty()) {
      query = query.ifRaw(update.customIfClause());
    }
    return writeByEntity(method, context, query, helper, update.nullSavingStrategy());
  }

  private static DaoMethod delete(Method method, Delete delete, DaoContext context) {
    boolean byEntity =
        method.getParameterCount() > 0
            && method.getParameterTypes()[0].isAnnotationPresent(Entity.class);
    EntityHelper<?> helper;
    EntityQuery query;
    if (byEntity) {
      helper = context.helper(method.getParameterTypes()[0]);
      query = helper.deleteByPrimaryKey();
    } else {
      if (delete.entityClass().length != 1) {
        throw new IllegalArgumentException(
            method + ": @Delete by primary key values names its entity with entityClass");
      }
      helper = context.helper(delete.entityClass()[0]);
      int keyValues =
          delete.customIfClause().isEmpty() ? valueParameters(method) : helper.primaryKey().size();
      query =
          delete.customWhereClause().isEmpty()
              ? helper.deleteByPrimaryKeyParts(keyValues)
              : helper.deleteStart().whereRaw(delete.customWhereClause());
    }
    if (delete.ifExists()) {
      query = query.ifExists();
    } else if (!delete.customIfClause().isEmpty()) {
      query = query.ifRaw(delete.customIfClause());
    }
    ResultShape.Of shape = ResultShape.of(method);
    return byEntity
        ? new StatementMethod(
            method,
            context,
            query.asCql(),
            shape,
            helper,
            1,
            NullSavingStrategy.DO_NOT_SET,
            helper.columns())
        : new StatementMethod(method, context, query.asCql(), shape, null, 0, null, List.of());
  }

  private static DaoMethod query(
      Method method, Query query, DaoContext context, @Nullable Class<?> daoEntity) {
    ResultShape.Of shape = ResultShape.of(method);
    String cql = query.value();
    Class<?> entity = shape.entity() != null ? shape.entity() : daoEntity;
    if (entity != null) {
      EntityHelper<?> helper = context.helper(entity);
      String qualified =
          helper.keyspace() == null ? helper.table() : helper.keyspace() + "." + helper.table();
      cql =
          cql.replace("${qualifiedTableId}", qualified)
              .replace("${tableId}", helper.table())
              .replace("${keyspaceId}", String.valueOf(helper.keyspace()));
    } else if (context.keyspace() != null) {
      cql = cql.replace("${keyspaceId}", context.keyspace());
    }
    if (cql.contains("${")) {
      throw new IllegalArgumentException(
          method
              + ": @Query names ${..} the mapper cannot fill (no entity returned, or no keyspace)");
    }
    return new StatementMethod(method, context, cql, shape, null, 0, null, List.of());
  }

  /**
   * {@code UPDATE t SET c = c + :c, ... WHERE k = :k ...}: the key from the first parameters, each
   * amount added to the counter named by its parameter (or to the table's only counter).
   */
  private static DaoMethod increment(Method method, Increment increment, DaoContext context) {
    if (increment.entityClass().length != 1) {
      throw new IllegalArgumentException(method + ": @Increment names its entity with entityClass");
    }
    EntityHelper<?> helper = context.helper(increment.entityClass()[0]);
    List<String> key = helper.primaryKey();
    List<String> counters =
        helper.columns().stream().filter(column -> !key.contains(column)).toList();
    java.lang.reflect.Parameter[] parameters = method.getParameters();
    if (parameters.length <= key.size()) {
      throw new IllegalArgumentException(
          method + ": @Increment takes the " + key.size() + " primary key values, then amounts");
    }
    List<String> assignments = new java.util.ArrayList<>();
    for (int i = key.size(); i < parameters.length; i++) {
      String counter = counterOf(parameters[i], counters);
      if (counter == null) {
        throw new IllegalArgumentException(
            method
                + ": parameter "
                + (i + 1)
                + " names no counter of "
                + helper.entityClass().getSimpleName()
                + " "
                + counters
                + " (name it as the property, or with @CqlName)");
      }
      assignments.add(counter + " = " + counter + " + :" + counter);
    }
    // The amounts' markers come first in the text, as the parameters come after the key: bound by
    // name.
    String cql =
        "UPDATE "
            + (helper.keyspace() == null ? "" : helper.keyspace() + ".")
            + helper.table()
            + " SET "
            + String.join(", ", assignments)
            + " WHERE "
            + String.join(" AND ", key.stream().map(k -> k + " = :" + k).toList());
    List<String> markers = new java.util.ArrayList<>(key);
    for (String assignment : assignments) {
      markers.add(assignment.substring(0, assignment.indexOf(' ')));
    }
    return new StatementMethod(method, context, cql, ResultShape.of(method), markers);
  }

  private static @Nullable String counterOf(
      java.lang.reflect.Parameter parameter, List<String> counters) {
    io.scyllaboot.driver.api.mapper.annotations.CqlName name =
        parameter.getAnnotation(io.scyllaboot.driver.api.mapper.annotations.CqlName.class);
    if (name != null) {
      return counters.contains(name.value()) ? name.value() : null;
    }
    if (parameter.isNamePresent()) {
      String column =
          io.scyllaboot.driver.api.mapper.entity.EntityHelper.columnName(parameter.getName());
      if (counters.contains(column)) {
        return column;
      }
    }
    return counters.size() == 1 ? counters.get(0) : null;
  }

  /** The parameters bound to markers: all but a last statement customizer. */
  private static int valueParameters(Method method) {
    int count = method.getParameterCount();
    return StatementMethod.hasCustomizer(method) ? count - 1 : count;
  }

  private static DaoMethod writeByEntity(
      Method method,
      DaoContext context,
      EntityQuery query,
      EntityHelper<?> helper,
      NullSavingStrategy strategy) {
    ResultShape.Of shape = ResultShape.of(method);
    if (shape.entity() != null && shape.entity() != helper.entityClass()) {
      throw new IllegalArgumentException(
          method + ": returns " + shape.entity().getName() + ", not its parameter's entity");
    }
    return new StatementMethod(
        method, context, query.asCql(), shape, helper, 1, strategy, helper.columns());
  }

  private static EntityHelper<?> entityParameter(
      Method method, DaoContext context, String annotation) {
    if (method.getParameterCount() == 0
        || !method.getParameterTypes()[0].isAnnotationPresent(Entity.class)) {
      throw new IllegalArgumentException(
          method + ": " + annotation + " takes the entity as its first parameter");
    }
    return context.helper(method.getParameterTypes()[0]);
  }

  /** A {@code @QueryProvider} method: the provider built once, its method called each time. */
  private static DaoMethod provided(Method method, QueryProvider provider, MapperContext context) {
    Class<?> providerClass = provider.providerClass();
    Class<?>[] helperClasses = provider.entityHelpers();
    Class<?>[] constructorTypes = new Class<?>[helperClasses.length + 1];
    Object[] constructorArgs = new Object[helperClasses.length + 1];
    constructorTypes[0] = MapperContext.class;
    constructorArgs[0] = context;
    for (int i = 0; i < helperClasses.length; i++) {
      constructorTypes[i + 1] = EntityHelper.class;
      constructorArgs[i + 1] = ((DaoContext) context).helper(helperClasses[i]);
    }
    String name =
        provider.providerMethod().isEmpty() ? method.getName() : provider.providerMethod();
    Object instance;
    Method target;
    try {
      Constructor<?> constructor = providerClass.getDeclaredConstructor(constructorTypes);
      constructor.setAccessible(true);
      instance = constructor.newInstance(constructorArgs);
      target = providerClass.getDeclaredMethod(name, method.getParameterTypes());
      target.setAccessible(true);
    } catch (NoSuchMethodException e) {
      throw new IllegalArgumentException(
          method
              + ": "
              + providerClass.getName()
              + " needs a constructor (MapperContext"
              + ", EntityHelper".repeat(helperClasses.length)
              + ") and a method "
              + name
              + " taking the DAO method's parameters",
          e);
    } catch (InvocationTargetException e) {
      throw new IllegalArgumentException(
          method + ": the constructor of " + providerClass.getName() + " failed", e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalArgumentException(method + ": cannot build " + providerClass.getName(), e);
    }
    return args -> {
      try {
        return target.invoke(instance, args);
      } catch (InvocationTargetException e) {
        throw e.getCause();
      }
    };
  }
}
