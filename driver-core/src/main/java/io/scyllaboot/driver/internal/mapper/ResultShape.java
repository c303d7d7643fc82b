package io.scyllaboot.driver.internal.mapper;

import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.PagingIterable;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.mapper.annotations.Entity;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Iterator;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.jspecify.annotations.Nullable;

/**
 * What a DAO method returns, read off its declared type: the result itself, whether the write was
 * applied, the first row or entity, or all of them; synchronously or as a {@code CompletionStage}.
 */
enum ResultShape {
  VOID,
  APPLIED,
  COUNT,
  RESULT_SET,
  ROW,
  ENTITY,
  OPTIONAL_ENTITY,
  PAGING_ITERABLE,
  STREAM;

  /** The method's shape; {@code async} when it returns a {@code CompletionStage}. */
  record Of(ResultShape shape, boolean async, @Nullable Class<?> entity) {}

  static Of of(Method method) {
    Type type = method.getGenericReturnType();
    boolean async = false;
    Class<?> raw = raw(type);
    if (raw == CompletionStage.class || raw == CompletableFuture.class) {
      async = true;
      type = argument(type, method);
      raw = raw(type);
    }
    Of of;
    if (raw == void.class || raw == Void.class) {
      of = new Of(VOID, async, null);
    } else if (raw == boolean.class || raw == Boolean.class) {
      of = new Of(APPLIED, async, null);
    } else if (raw == long.class || raw == Long.class) {
      of = new Of(COUNT, async, null);
    } else if (raw == ResultSet.class || raw == AsyncResultSet.class) {
      of = new Of(RESULT_SET, async, null);
    } else if (raw == Row.class) {
      of = new Of(ROW, async, null);
    } else if (raw == Optional.class) {
      of = new Of(OPTIONAL_ENTITY, async, entity(argument(type, method), method));
    } else if (raw == PagingIterable.class && !async) {
      of = new Of(PAGING_ITERABLE, false, entity(argument(type, method), method));
    } else if (raw == Stream.class && !async) {
      of = new Of(STREAM, false, entity(argument(type, method), method));
    } else if (raw != null && raw.isAnnotationPresent(Entity.class)) {
      of = new Of(ENTITY, async, raw);
    } else {
      throw new IllegalArgumentException(
          method + ": the mapper cannot return " + method.getGenericReturnType().getTypeName());
    }
    if (async && of.shape() == RESULT_SET && raw != AsyncResultSet.class
        || !async && raw == AsyncResultSet.class) {
      throw new IllegalArgumentException(
          method
              + ": a ResultSet is returned synchronously, an AsyncResultSet in a CompletionStage");
    }
    return of;
  }

  /** The synchronous result. */
  @Nullable Object read(ResultSet rows, Function<Row, ?> entities) {
    return switch (this) {
      case VOID -> null;
      case APPLIED -> rows.wasApplied();
      case COUNT -> {
        Row first = rows.one();
        yield first == null ? 0L : first.getLong(0);
      }
      case RESULT_SET -> rows;
      case ROW -> rows.one();
      case ENTITY -> {
        Row first = rows.one();
        yield first == null ? null : entities.apply(first);
      }
      case OPTIONAL_ENTITY -> Optional.ofNullable(rows.one()).map(entities);
      case PAGING_ITERABLE -> rows.map(entities);
      case STREAM -> StreamSupport.stream(rows.map(entities).spliterator(), false);
    };
  }

  /** The asynchronous result, of the first page (the whole result for a {@code RESULT_SET}). */
  @Nullable Object read(AsyncResultSet rows, Function<Row, ?> entities) {
    Iterator<Row> page = rows.currentPage().iterator();
    Row first = page.hasNext() ? page.next() : null;
    return switch (this) {
      case VOID -> null;
      case APPLIED -> rows.wasApplied();
      case COUNT -> first == null ? 0L : first.getLong(0);
      case RESULT_SET -> rows;
      case ROW -> first;
      case ENTITY -> first == null ? null : entities.apply(first);
      case OPTIONAL_ENTITY -> Optional.ofNullable(first).map(entities);
      case PAGING_ITERABLE, STREAM -> throw new IllegalStateException("not asynchronous: " + this);
    };
  }

  /** Whether the method's result is an entity, which the statement's rows must be read into. */
  static boolean readsEntities(Of of) {
    return of.entity() != null;
  }

  private static @Nullable Class<?> raw(Type type) {
    if (type instanceof Class<?> c) {
      return c;
    }
    return type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> c ? c : null;
  }

  private static Type argument(Type type, Method method) {
    if (type instanceof ParameterizedType p) {
      return p.getActualTypeArguments()[0];
    }
    throw new IllegalArgumentException(method + ": the mapper needs the type argument of " + type);
  }

  private static Class<?> entity(Type type, Method method) {
    if (type instanceof Class<?> c && c.isAnnotationPresent(Entity.class)) {
      return c;
    }
    throw new IllegalArgumentException(
        method + ": " + type.getTypeName() + " is not a class annotated @Entity");
  }
}
