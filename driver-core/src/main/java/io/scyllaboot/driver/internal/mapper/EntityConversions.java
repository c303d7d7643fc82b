package io.scyllaboot.driver.internal.mapper;

import io.scyllaboot.driver.api.cql.BoundStatement;
import io.scyllaboot.driver.api.cql.PagingIterable;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.mapper.annotations.Entity;
import io.scyllaboot.driver.api.mapper.annotations.GetEntity;
import io.scyllaboot.driver.api.mapper.annotations.SetEntity;
import io.scyllaboot.driver.api.mapper.entity.EntityHelper;
import io.scyllaboot.driver.internal.mapper.DaoInvocationHandler.DaoMethod;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/** {@code @GetEntity} and {@code @SetEntity}: an entity from a row, an entity into a statement. */
final class EntityConversions {
  private EntityConversions() {}

  static DaoMethod get(Method method, GetEntity annotation, DaoContext context) {
    Class<?>[] parameters = method.getParameterTypes();
    if (parameters.length != 1) {
      throw new IllegalArgumentException(method + ": @GetEntity takes one Row or ResultSet");
    }
    boolean lenient = annotation.lenient();
    Class<?> returned = method.getReturnType();
    if (parameters[0] == Row.class && returned.isAnnotationPresent(Entity.class)) {
      EntityHelper<?> helper = context.helper(returned);
      return args -> args[0] == null ? null : helper.get((Row) args[0], lenient);
    }
    if (PagingIterable.class.isAssignableFrom(parameters[0])
        && (returned == PagingIterable.class || returned == Stream.class)) {
      EntityHelper<?> helper = context.helper(elementEntity(method));
      boolean stream = returned == Stream.class;
      return args -> {
        @SuppressWarnings("unchecked")
        PagingIterable<Row> rows = (PagingIterable<Row>) args[0];
        PagingIterable<?> entities = rows.map(row -> helper.get(row, lenient));
        return stream ? StreamSupport.stream(entities.spliterator(), false) : entities;
      };
    }
    throw new IllegalArgumentException(
        method
            + ": @GetEntity reads a Row into an entity, or a ResultSet into a PagingIterable or"
            + " Stream of entities");
  }

  static DaoMethod set(Method method, SetEntity annotation, DaoContext context) {
    Class<?>[] parameters = method.getParameterTypes();
    int entity = -1;
    int statement = -1;
    for (int i = 0; i < parameters.length; i++) {
      if (parameters[i].isAnnotationPresent(Entity.class)) {
        entity = i;
      } else if (parameters[i] == BoundStatement.class) {
        statement = i;
      }
    }
    if (parameters.length != 2 || entity < 0 || statement < 0) {
      throw new IllegalArgumentException(
          method + ": @SetEntity takes an entity and a BoundStatement");
    }
    if (method.getReturnType() != BoundStatement.class) {
      throw new IllegalArgumentException(
          method
              + ": @SetEntity returns the BoundStatement with the values (Scylla Boot's statements"
              + " are immutable: a void method would lose them)");
    }
    @SuppressWarnings("unchecked")
    EntityHelper<Object> helper = (EntityHelper<Object>) context.helper(parameters[entity]);
    int entityIndex = entity;
    int statementIndex = statement;
    return args ->
        helper.set(
            args[entityIndex],
            (BoundStatement) args[statementIndex],
            annotation.nullSavingStrategy(),
            annotation.lenient());
  }

  private static Class<?> elementEntity(Method method) {
    Type type = method.getGenericReturnType();
    if (type instanceof ParameterizedType p
        && p.getActualTypeArguments()[0] instanceof Class<?> element
        && element.isAnnotationPresent(Entity.class)) {
      return element;
    }
    throw new IllegalArgumentException(
        method + ": " + type.getTypeName() + " is not of a class annotated @Entity");
  }
}
