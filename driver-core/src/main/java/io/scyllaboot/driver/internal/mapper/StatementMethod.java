package io.scyllaboot.driver.internal.mapper;

import io.scyllaboot.driver.api.cql.AsyncResultSet;
import io.scyllaboot.driver.api.cql.BoundStatement;
import io.scyllaboot.driver.api.cql.ColumnDefinitions;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.cql.StatementOptions;
import io.scyllaboot.driver.api.mapper.annotations.CqlName;
import io.scyllaboot.driver.api.mapper.entity.EntityHelper;
import io.scyllaboot.driver.api.mapper.entity.saving.NullSavingStrategy;
import io.scyllaboot.driver.internal.mapper.DaoInvocationHandler.DaoMethod;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * A DAO method that runs one statement: prepared on first use (then kept), bound from the entity
 * parameter's properties and the other parameters (by name where every one of them names a marker,
 * else in order into the markers the entity leaves), its result read as the method returns it.
 */
final class StatementMethod implements DaoMethod {
  private final Method method;
  private final DaoContext context;
  private final String cql;
  private final ResultShape.Of shape;
  private final @Nullable EntityHelper<Object> entityParameter;
  private final int firstValueParameter;
  private final NullSavingStrategy nullSaving;
  private final List<String> entityColumns;
  private final @Nullable List<String> parameterNames;
  private final Function<Row, ?> entities;

  /** What {@code @StatementAttributes} do to the options, or null without them. */
  private final @Nullable UnaryOperator<StatementOptions> options;

  /** Whether the last parameter is a function applied to the bound statement. */
  private final boolean customizer;

  private volatile @Nullable Prepared prepared;

  /**
   * The prepared statement and how the parameters reach its markers, worked out once: by name, or
   * in order into the markers the entity leaves free; and its options with the method's attributes
   * applied (null without attributes).
   */
  private record Prepared(
      PreparedStatement statement,
      boolean byName,
      int[] free,
      @Nullable StatementOptions attributed) {}

  StatementMethod(
      Method method,
      DaoContext context,
      String cql,
      ResultShape.Of shape,
      @Nullable EntityHelper<?> entityParameter,
      int firstValueParameter,
      @Nullable NullSavingStrategy nullSaving,
      List<String> entityColumns) {
    this(
        method,
        context,
        cql,
        shape,
        entityParameter,
        firstValueParameter,
        nullSaving,
        entityColumns,
        parameterNames(method, firstValueParameter));
  }

  /** A statement whose markers the mapper named itself, one per parameter, in order. */
  StatementMethod(
      Method method, DaoContext context, String cql, ResultShape.Of shape, List<String> markers) {
    this(method, context, cql, shape, null, 0, null, List.of(), List.copyOf(markers));
  }

  @SuppressWarnings("unchecked")
  private StatementMethod(
      Method method,
      DaoContext context,
      String cql,
      ResultShape.Of shape,
      @Nullable EntityHelper<?> entityParameter,
      int firstValueParameter,
      @Nullable NullSavingStrategy nullSaving,
      List<String> entityColumns,
      @Nullable List<String> parameterNames) {
    this.method = method;
    this.context = context;
    this.cql = cql;
    this.shape = shape;
    this.entityParameter = (EntityHelper<Object>) entityParameter;
    this.firstValueParameter = firstValueParameter;
    this.nullSaving = nullSaving == null ? NullSavingStrategy.DO_NOT_SET : nullSaving;
    this.entityColumns = entityColumns;
    this.customizer = hasCustomizer(method);
    this.parameterNames =
        parameterNames != null && customizer && parameterNames.size() > 0
            ? parameterNames.subList(0, parameterNames.size() - 1)
            : parameterNames;
    this.options = StatementOptionsOf.of(method);
    if (shape.entity() != null) {
      EntityHelper<?> helper = context.helper(shape.entity());
      // Rows of a query written by hand may carry fewer columns than the entity maps.
      this.entities = row -> helper.get(row, true);
    } else {
      this.entities = row -> row;
    }
  }

  @Override
  @SuppressWarnings("unchecked")
  public @Nullable Object invoke(Object[] arguments) {
    Function<BoundStatement, BoundStatement> custom =
        customizer
            ? (Function<BoundStatement, BoundStatement>) arguments[arguments.length - 1]
            : null;
    Object[] args = customizer ? Arrays.copyOf(arguments, arguments.length - 1) : arguments;
    if (shape.async()) {
      Prepared known = prepared;
      CompletionStage<Prepared> statement =
          known != null
              ? java.util.concurrent.CompletableFuture.completedFuture(known)
              : context.session().prepareAsync(cql).thenApply(this::keep);
      return statement
          .thenCompose(p -> context.session().executeAsync(customized(p, bind(p, args), custom)))
          .thenApply((AsyncResultSet rows) -> shape.shape().read(rows, entities));
    }
    Prepared statement = prepared;
    if (statement == null) {
      statement = keep(context.session().prepare(cql));
    }
    return shape
        .shape()
        .read(
            context.session().execute(customized(statement, bind(statement, args), custom)),
            entities);
  }

  private BoundStatement customized(
      Prepared prepared,
      BoundStatement bound,
      @Nullable Function<BoundStatement, BoundStatement> custom) {
    BoundStatement withOptions =
        prepared.attributed() == null ? bound : bound.withOptions(prepared.attributed());
    return custom == null ? withOptions : custom.apply(withOptions);
  }

  /** Whether the method's last parameter is a function applied to its bound statement. */
  static boolean hasCustomizer(Method method) {
    Class<?>[] types = method.getParameterTypes();
    return types.length > 0
        && (types[types.length - 1] == Function.class
            || types[types.length - 1] == UnaryOperator.class);
  }

  private Prepared keep(PreparedStatement statement) {
    ColumnDefinitions variables = statement.variables();
    boolean byName =
        parameterNames != null && parameterNames.stream().allMatch(variables::contains);
    int[] free =
        java.util.stream.IntStream.range(0, variables.size())
            .filter(i -> !entityColumns.contains(variables.get(i).name()))
            .toArray();
    Prepared kept =
        new Prepared(
            statement,
            byName,
            free,
            options == null ? null : options.apply(statement.bind().options()));
    prepared = kept;
    return kept;
  }

  private BoundStatement bind(Prepared prepared, Object[] args) {
    BoundStatement bound = prepared.statement().bind();
    if (entityParameter != null) {
      if (args[0] == null) {
        throw new IllegalArgumentException(method.getName() + ": the entity is null");
      }
      bound = entityParameter.set(args[0], bound, nullSaving, true);
    }
    if (args.length == firstValueParameter) {
      return bound;
    }
    if (prepared.byName()) {
      for (int i = firstValueParameter; i < args.length; i++) {
        bound = bound.set(parameterNames.get(i - firstValueParameter), args[i]);
      }
      return bound;
    }
    int[] free = prepared.free();
    if (free.length != args.length - firstValueParameter) {
      throw new IllegalArgumentException(
          method
              + ": "
              + (args.length - firstValueParameter)
              + " parameters for "
              + free.length
              + " bind markers of "
              + cql);
    }
    for (int i = firstValueParameter; i < args.length; i++) {
      bound = bound.set(free[i - firstValueParameter], args[i]);
    }
    return bound;
  }

  /** The parameters' marker names, or null when one is unknown (compiled without -parameters). */
  private static @Nullable List<String> parameterNames(Method method, int from) {
    Parameter[] parameters = method.getParameters();
    List<String> names = new ArrayList<>();
    for (int i = from; i < parameters.length; i++) {
      CqlName name = parameters[i].getAnnotation(CqlName.class);
      if (name != null) {
        names.add(name.value());
      } else if (parameters[i].isNamePresent()) {
        names.add(parameters[i].getName());
      } else {
        return null;
      }
    }
    return names;
  }
}
