package io.scyllaboot.spring.repository.query;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.BoundStatement;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.spring.core.ScyllaTemplate;
import io.scyllaboot.spring.cql.RowMapper;
import io.scyllaboot.spring.cql.ScyllaExceptionTranslator;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.repository.CqlPageRequest;
import io.scyllaboot.spring.repository.CqlScrollPosition;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.StreamSupport;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import org.springframework.core.convert.converter.Converter;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.data.convert.DtoInstantiatingConverter;
import org.springframework.data.domain.Pageable;
import org.springframework.data.mapping.model.EntityInstantiators;
import org.springframework.data.repository.query.ParameterAccessor;
import org.springframework.data.repository.query.ResultProcessor;
import org.springframework.data.repository.query.ReturnedType;

/**
 * Executes a query method's CQL and shapes the result as the method returns it: entity, Optional,
 * List/Collection, Stream, Slice (backed by the paging state), count, exists, or nothing; entities
 * or projections of them. {@link ReactiveQueryRunner} overrides {@link #run} for reactive
 * repositories.
 */
class QueryRunner {
  private static final Log LOG = LogFactory.getLog(QueryRunner.class);
  private static final EntityInstantiators INSTANTIATORS = new EntityInstantiators();

  private final CqlSession session;
  private final ScyllaExceptionTranslator translator;
  private final ScyllaEntityConverter converter;
  private final ScyllaPersistentEntity<?> entity;
  private final ScyllaQueryMethod method;
  private final Function<Row, Object> reader;
  // A @Query may select some columns only: the entity is read from those it has.
  private final Function<Row, Object> partialReader;
  // One WARN per method for options its CQL leaves out; a benign race may log it twice.
  private volatile boolean warnedNotApplied;

  QueryRunner(
      CqlSession session,
      ScyllaExceptionTranslator translator,
      ScyllaEntityConverter converter,
      ScyllaPersistentEntity<?> entity,
      ScyllaQueryMethod method) {
    this(session, translator, converter, entity, method, null);
  }

  /**
   * @param template reads each row as the repository's CRUD methods do (after-load events,
   *     after-convert callbacks), or null to map rows with the converter alone
   */
  QueryRunner(
      CqlSession session,
      ScyllaExceptionTranslator translator,
      ScyllaEntityConverter converter,
      ScyllaPersistentEntity<?> entity,
      ScyllaQueryMethod method,
      @Nullable ScyllaTemplate template) {
    this.session = session;
    this.translator = translator;
    this.converter = converter;
    this.entity = entity;
    this.method = method;
    if (template == null) {
      this.reader = row -> converter.read(entity, row);
      this.partialReader = row -> converter.readPartial(entity, row);
    } else {
      RowMapper<?> mapper = template.rowMapper(entity.getType());
      this.reader = row -> mapper.mapRow(row, 0);
      RowMapper<?> partial = template.partialRowMapper(entity.getType());
      this.partialReader = row -> partial.mapRow(row, 0);
    }
  }

  /**
   * Checks at start-up that a write (a non-SELECT {@code @Query}, a derived {@code deleteBy})
   * returns what it can: nothing, or whether it was applied (an LWT's outcome), as Spring Data
   * Cassandra's write queries do. CQL does not count the rows a write touched.
   */
  static void checkWriteReturnType(ScyllaQueryMethod method) {
    Class<?> type = method.getReturnedObjectType();
    if (type != void.class
        && type != Void.class
        && type != boolean.class
        && type != Boolean.class) {
      throw new IllegalStateException(
          "Repository method "
              + method.describe()
              + ": a write (UPDATE, INSERT, DELETE) returns void or boolean (whether it was"
              + " applied, false when an IF condition failed), not "
              + type.getName()
              + ": CQL does not count the rows a write touches");
    }
  }

  /** The kinds of result a derived query computes itself. */
  enum Shape {
    ROWS,
    COUNT,
    EXISTS,
    DELETE
  }

  /**
   * Runs a {@code @Query} whose SpEL expressions give some of the values to bind.
   *
   * @param bindable the call's bindable arguments, in order
   * @param arguments every argument of the call, as the expressions see them
   */
  Object run(
      String cql,
      QueryExpressions expressions,
      List<Object> bindable,
      Object[] arguments,
      Shape shape,
      ParameterAccessor accessor) {
    return run(cql, expressions.values(bindable, arguments), shape, accessor);
  }

  /**
   * @param accessor the call's parameters: the pageable, and the projection type of a method with a
   *     {@code Class<T>} parameter
   */
  Object run(String cql, Object positionalOrNamed, Shape shape, ParameterAccessor accessor) {
    Pageable pageable = accessor.getPageable();
    try {
      BoundStatement statement = bind(cql, positionalOrNamed);
      if (method.getProfile() != null) {
        statement = statement.withProfile(method.getProfile());
      }
      if (method.getConsistency() != null) {
        statement = statement.withConsistency(method.getConsistency());
      }
      if (method.getIdempotent() != null) {
        statement = statement.withIdempotent(method.getIdempotent());
      }
      statement = withOptions(statement, accessor, shape);
      return switch (shape) {
        case COUNT -> count(statement);
        case EXISTS -> {
          try (ResultSet result = session.execute(statement)) {
            yield result.one() != null;
          }
        }
        case DELETE -> {
          try (ResultSet result = session.execute(statement)) {
            Class<?> type = method.getReturnedObjectType();
            yield type == boolean.class || type == Boolean.class ? result.wasApplied() : null;
          }
        }
        case ROWS -> rows(statement, pageable, projection(accessor), accessor);
      };
    } catch (RuntimeException e) {
      throw translator.toRuntime(method.describe(), cql, e);
    }
  }

  /**
   * The statement with the call's {@code QueryOptions}/{@code WriteOptions}, if it passed any, as
   * Spring Data Cassandra 5.0 applies them: in a derived query the method's {@code @Consistency}
   * stays over the options' consistency, in a {@code @Query} the options' wins. What the CQL leaves
   * out (a TTL, an insert's or update's condition) is not applied, as there; a WARN says so once
   * per method.
   */
  final BoundStatement withOptions(
      BoundStatement statement, ParameterAccessor accessor, Shape shape) {
    if (!(accessor instanceof ScyllaParameterAccessor scylla) || scylla.getOptions() == null) {
      return statement;
    }
    Object options = scylla.getOptions();
    boolean derived = method.getAnnotatedQuery() == null;
    BoundStatement applied = ScyllaParameterAccessor.apply(statement, options);
    if (derived && method.getConsistency() != null) {
      applied = applied.withConsistency(method.getConsistency());
    }
    String left =
        warnedNotApplied
            ? null
            : ScyllaParameterAccessor.notApplied(options, derived && shape == Shape.DELETE);
    if (left != null) {
      warnedNotApplied = true;
      LOG.warn(
          "Repository method "
              + method.describe()
              + ": the "
              + options.getClass().getSimpleName()
              + "' "
              + left
              + " is not applied to a query method's CQL (as in Spring Data Cassandra): write"
              + " USING TTL ? or IF ... in a @Query and pass the values as parameters");
    }
    return applied;
  }

  private BoundStatement bind(String cql, Object values) {
    return bind(session.prepare(cql), values);
  }

  /** The converter that binds values and maps rows. */
  ScyllaEntityConverter converter() {
    return converter;
  }

  /** Binds positional ({@code Object[]}) or named ({@code Map}) values, converted for CQL. */
  @SuppressWarnings("unchecked")
  final BoundStatement bind(PreparedStatement prepared, Object values) {
    // Parameters as the driver binds them: enums (also in collections) as names, and so on.
    if (values instanceof Map<?, ?> named) {
      Map<String, Object> converted = new java.util.LinkedHashMap<>();
      ((Map<String, ?>) named).forEach((k, v) -> converted.put(k, converter.convertWrite(v)));
      return prepared.bind(converted);
    }
    Object[] positional = ((Object[]) values).clone();
    for (int i = 0; i < positional.length; i++) {
      positional[i] = converter.convertWrite(positional[i]);
    }
    return prepared.bind(positional);
  }

  private Object count(BoundStatement statement) {
    long count;
    try (ResultSet result = session.execute(statement)) {
      // COUNT(*) is a bigint; a count over another numeric column may be narrower.
      Row row = result.one();
      count = row == null || row.getObject(0) == null ? 0 : ((Number) row.getObject(0)).longValue();
    }
    Class<?> type = method.getReturnedObjectType();
    return type == int.class || type == Integer.class ? (Object) (int) count : count;
  }

  /**
   * Turns entities (one, a list, a stream or a slice) into what the method returns: the entities
   * themselves, or interface projections (proxies) or DTOs (by constructor, from the entity's
   * properties) of them, as Spring Data's {@link ResultProcessor} decides.
   */
  UnaryOperator<Object> projection(ParameterAccessor accessor) {
    ResultProcessor processor = method.getResultProcessor().withDynamicProjection(accessor);
    ReturnedType returned = processor.getReturnedType();
    if (!returned.isProjecting()) {
      return UnaryOperator.identity();
    }
    Converter<Object, Object> preparing =
        returned.isDtoProjection()
            ? new DtoInstantiatingConverter(
                returned.getReturnedType(), converter.getMappingContext(), INSTANTIATORS)
            : source -> source;
    return result -> result == null ? null : processor.processResult(result, preparing);
  }

  private Object rows(
      BoundStatement statement,
      Pageable pageable,
      UnaryOperator<Object> project,
      ParameterAccessor accessor) {
    Function<Row, Object> reader =
        method.getAnnotatedQuery() != null ? this.partialReader : this.reader;
    if (method.isScrollQuery()) {
      // A window is a page: the Limit is its size, the position its paging state.
      CqlPageRequest request =
          CqlScrollPosition.pageRequest(accessor.getScrollPosition(), accessor.getLimit());
      return project.apply(
          CqlScrollPosition.window(SliceQuery.fetch(session, statement, request, reader)));
    }
    if (method.isSliceQuery()) {
      return project.apply(slice(statement, pageable));
    }
    if (method.isStreamQuery()) {
      ResultSet result = session.execute(statement);
      Iterator<Row> rows = result.iterator();
      Iterator<Object> mapped =
          new Iterator<>() {
            @Override
            public boolean hasNext() {
              return rows.hasNext();
            }

            @Override
            public Object next() {
              return reader.apply(rows.next());
            }
          };
      return project.apply(
          StreamSupport.stream(
                  Spliterators.spliteratorUnknownSize(mapped, Spliterator.ORDERED), false)
              .onClose(result::close));
    }
    List<Object> all = new ArrayList<>();
    try (ResultSet result = session.execute(statement)) {
      for (Row row : result) {
        all.add(reader.apply(row));
      }
    }
    if (method.isCollectionQuery()) {
      return project.apply(all);
    }
    if (all.size() > 1) {
      throw new IncorrectResultSizeDataAccessException(
          method.describe() + " expects at most one row but got " + all.size(), 1, all.size());
    }
    Object single = all.isEmpty() ? null : project.apply(all.get(0));
    return Optional.class.isAssignableFrom(method.getMethod().getReturnType())
        ? Optional.ofNullable(single)
        : single;
  }

  private Object slice(BoundStatement statement, Pageable pageable) {
    if (pageable.isUnpaged()) {
      throw new IllegalArgumentException(method.describe() + " needs a paged Pageable for a Slice");
    }
    return SliceQuery.fetch(
        session, statement, pageable, method.getAnnotatedQuery() != null ? partialReader : reader);
  }
}
