package io.scyllaboot.spring.cql;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.BatchStatement;
import io.scyllaboot.driver.api.cql.BoundStatement;
import io.scyllaboot.driver.api.cql.ColumnDefinitions;
import io.scyllaboot.driver.api.cql.PreparedStatement;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.driver.api.cql.SimpleStatement;
import io.scyllaboot.driver.api.cql.Statement;
import io.scyllaboot.driver.api.session.SessionCallback;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.springframework.core.convert.ConversionException;
import org.springframework.core.convert.support.DefaultConversionService;
import org.springframework.dao.EmptyResultDataAccessException;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.dao.TypeMismatchDataAccessException;
import org.springframework.util.ClassUtils;

/**
 * The synchronous template: a thin layer over {@link CqlSession} that maps rows and translates
 * errors. Calls go straight to the driver (no proxy, no per-call wrapper); thread-safe.
 */
public class CqlTemplate implements CqlOperations {
  private final CqlSession session;
  private final ScyllaExceptionTranslator translator;

  public CqlTemplate(CqlSession session) {
    this(session, new ScyllaExceptionTranslator());
  }

  public CqlTemplate(CqlSession session, ScyllaExceptionTranslator translator) {
    this.session = Objects.requireNonNull(session, "session");
    this.translator = Objects.requireNonNull(translator, "translator");
  }

  /** The driver session, for what the template does not cover. */
  public CqlSession getSession() {
    return session;
  }

  public ScyllaExceptionTranslator getExceptionTranslator() {
    return translator;
  }

  private ResultSet run(String task, String cql, Object[] args) {
    try {
      return TemplateQueries.execute(session, cql, args);
    } catch (RuntimeException e) {
      throw translator.toRuntime(task, cql, e);
    }
  }

  @Override
  public <T> T executeInSession(SessionCallback<T> action) {
    Objects.requireNonNull(action, "callback");
    try {
      return session.executeInSession(action);
    } catch (RuntimeException e) {
      throw translator.toRuntime("session callback", null, e);
    }
  }

  @Override
  public boolean execute(String cql, Object... args) {
    try (ResultSet result = run("execute", cql, args)) {
      return result.wasApplied();
    }
  }

  @Override
  public boolean execute(Statement<?> statement) {
    try (ResultSet result = run("execute", statement)) {
      return result.wasApplied();
    }
  }

  @Override
  public ResultSet queryForResultSet(String cql, Object... args) {
    return run("query", cql, args);
  }

  @Override
  public ResultSet queryForResultSet(Statement<?> statement) {
    return run("query", statement);
  }

  private ResultSet run(String task, Statement<?> statement) {
    Objects.requireNonNull(statement, "statement");
    try {
      return session.execute(statement);
    } catch (RuntimeException e) {
      throw translator.toRuntime(task, describe(statement), e);
    }
  }

  /** The CQL of a statement for error messages (never its values: they may be secrets). */
  static String describe(Statement<?> statement) {
    if (statement instanceof SimpleStatement simple) {
      return simple.query();
    }
    if (statement instanceof BoundStatement bound) {
      return bound.preparedStatement().query();
    }
    return statement.toString();
  }

  /** Extracts from a result, closing it and translating failures (also the extractor's). */
  private <T> T extract(String cql, ResultSet result, ResultSetExtractor<T> extractor) {
    try (result) {
      return extractor.extractData(result);
    } catch (RuntimeException e) {
      throw translator.toRuntime("query", cql, e);
    }
  }

  @Override
  public <T> T query(String cql, ResultSetExtractor<T> extractor, Object... args) {
    return extract(cql, run("query", cql, args), extractor);
  }

  @Override
  public <T> T query(Statement<?> statement, ResultSetExtractor<T> extractor) {
    return extract(describe(statement), run("query", statement), extractor);
  }

  @Override
  public void query(String cql, RowCallbackHandler handler, Object... args) {
    extract(cql, run("query", cql, args), eachRow(handler));
  }

  @Override
  public void query(Statement<?> statement, RowCallbackHandler handler) {
    extract(describe(statement), run("query", statement), eachRow(handler));
  }

  private static ResultSetExtractor<Void> eachRow(RowCallbackHandler handler) {
    return result -> {
      for (Row row : result) {
        handler.processRow(row);
      }
      return null;
    };
  }

  @Override
  public <T> List<T> query(String cql, RowMapper<T> mapper, Object... args) {
    return extract(cql, run("query", cql, args), allRows(mapper));
  }

  @Override
  public <T> List<T> query(Statement<?> statement, RowMapper<T> mapper) {
    return extract(describe(statement), run("query", statement), allRows(mapper));
  }

  private static <T> ResultSetExtractor<List<T>> allRows(RowMapper<T> mapper) {
    return result -> {
      List<T> mapped = new ArrayList<>();
      int rowNumber = 0;
      for (Row row : result) {
        mapped.add(mapper.mapRow(row, rowNumber++));
      }
      return mapped;
    };
  }

  @Override
  public <T> T queryForObject(String cql, RowMapper<T> mapper, Object... args) {
    return single(cql, query(cql, mapper, args));
  }

  @Override
  public <T> T queryForObject(Statement<?> statement, RowMapper<T> mapper) {
    return single(describe(statement), query(statement, mapper));
  }

  /**
   * The only row: {@link EmptyResultDataAccessException} when there is none, {@link
   * IncorrectResultSizeDataAccessException} when there are several. Shared with the reactive
   * template.
   */
  public static <T> T single(String cql, List<T> rows) {
    return single(cql, rows.isEmpty() ? null : rows.get(0), rows.size());
  }

  /** {@link #single(String, List)} for a caller that counted the rows and kept the first. */
  static <T> T single(String cql, T first, int rows) {
    if (rows == 0) {
      throw new EmptyResultDataAccessException("expected exactly 1 row from [" + cql + "]", 1);
    }
    if (rows > 1) {
      throw new IncorrectResultSizeDataAccessException(
          "expected exactly 1 row from [" + cql + "] but got " + rows, 1, rows);
    }
    return first;
  }

  @Override
  public <T> T queryForObject(String cql, Class<T> requiredType, Object... args) {
    return queryForObject(cql, singleColumn(requiredType), args);
  }

  @Override
  public <T> T queryForObject(Statement<?> statement, Class<T> requiredType) {
    return queryForObject(statement, singleColumn(requiredType));
  }

  @Override
  public Map<String, Object> queryForMap(String cql, Object... args) {
    return queryForObject(cql, CqlTemplate::toMap, args);
  }

  @Override
  public <T> List<T> queryForList(String cql, Class<T> elementType, Object... args) {
    return query(cql, singleColumn(elementType), args);
  }

  @Override
  public <T> List<T> queryForList(Statement<?> statement, Class<T> elementType) {
    return query(statement, singleColumn(elementType));
  }

  @Override
  public List<Map<String, Object>> queryForList(String cql, Object... args) {
    return query(cql, CqlTemplate::toMap, args);
  }

  @Override
  public <T> Stream<T> queryForStream(String cql, RowMapper<T> mapper, Object... args) {
    return stream(cql, run("query", cql, args), mapper);
  }

  @Override
  public <T> Stream<T> queryForStream(Statement<?> statement, RowMapper<T> mapper) {
    return stream(describe(statement), run("query", statement), mapper);
  }

  private <T> Stream<T> stream(String cql, ResultSet result, RowMapper<T> mapper) {
    Iterator<Row> rows = result.iterator();
    Iterator<T> mapped =
        new Iterator<>() {
          private int rowNumber;

          @Override
          public boolean hasNext() {
            try {
              return rows.hasNext();
            } catch (RuntimeException e) {
              throw translator.toRuntime("query", cql, e);
            }
          }

          @Override
          public T next() {
            return mapper.mapRow(rows.next(), rowNumber++);
          }
        };
    return StreamSupport.stream(
            Spliterators.spliteratorUnknownSize(mapped, Spliterator.ORDERED | Spliterator.NONNULL),
            false)
        .onClose(result::close);
  }

  @Override
  public boolean update(String cql, Object... args) {
    return execute(cql, args);
  }

  @Override
  public void batchUpdate(BatchStatement.BatchType type, String cql, List<Object[]> batchArgs) {
    try {
      PreparedStatement prepared = session.prepare(cql);
      BatchStatement batch = BatchStatement.of(type);
      List<Statement<?>> children = new ArrayList<>(batchArgs.size());
      for (Object[] args : batchArgs) {
        children.add(prepared.bind(args));
      }
      session.execute(batch.add(children.toArray(new Statement<?>[0]))).close();
    } catch (RuntimeException e) {
      throw translator.toRuntime("batch update", cql, e);
    }
  }

  /**
   * Maps the only column of a row, checking that there is only one. A value of another type is
   * converted as Spring Data Cassandra's single-column mapper converts it, through a conversion
   * service ({@code COUNT(*)}, a bigint, as {@code Integer}; a uuid as {@code String}); else the
   * driver's codec for the type reads it.
   */
  public static <T> RowMapper<T> singleColumn(Class<T> type) {
    Class<?> wrapped = ClassUtils.resolvePrimitiveIfNecessary(type);
    return (row, rowNumber) -> {
      int columns = row.columnDefinitions().size();
      if (columns != 1) {
        throw new IncorrectResultSizeDataAccessException(
            "expected 1 column but the result has " + columns, 1, columns);
      }
      Object value = row.getObject(0);
      if (value == null || wrapped.isInstance(value)) {
        @SuppressWarnings("unchecked")
        T same = (T) value;
        return same;
      }
      if (CONVERSIONS.canConvert(value.getClass(), wrapped)) {
        try {
          @SuppressWarnings("unchecked")
          T converted = (T) CONVERSIONS.convert(value, wrapped);
          return converted;
        } catch (ConversionException e) {
          throw new TypeMismatchDataAccessException(mismatch(row, value, type), e);
        }
      }
      try {
        return row.get(0, type);
      } catch (RuntimeException e) {
        throw new TypeMismatchDataAccessException(mismatch(row, value, type), e);
      }
    };
  }

  // Shared: DefaultConversionService is thread-safe once built.
  private static final DefaultConversionService CONVERSIONS = new DefaultConversionService();

  private static String mismatch(Row row, Object value, Class<?> type) {
    return "column 0 '"
        + row.columnDefinitions().get(0).name()
        + "' holds a "
        + value.getClass().getName()
        + ", which neither a conversion nor a codec reads as "
        + type.getName();
  }

  /** A row as column name to value, in column order. */
  public static Map<String, Object> toMap(Row row, int rowNumber) {
    ColumnDefinitions columns = row.columnDefinitions();
    Map<String, Object> map = new LinkedHashMap<>(columns.size() * 2);
    for (int i = 0; i < columns.size(); i++) {
      map.put(columns.get(i).name(), row.getObject(i));
    }
    return map;
  }
}
