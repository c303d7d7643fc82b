package io.scyllaboot.spring.core;

import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.spring.cql.CqlTemplate;
import io.scyllaboot.spring.cql.RowMapper;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.springframework.dao.IncorrectResultSizeDataAccessException;

/**
 * How the template's {@code select(cql, type)} reads a row, decided once per type in the order
 * Spring Data Cassandra's converter decides it: the {@link Row} itself; the application's {@code
 * Row} reading converter; a {@code Map} of column name to value; a simple type (the only column,
 * converted as a property of that type); a {@code @Table} entity (with events and callbacks); any
 * other mapped class by its columns (a DTO: columns the row lacks stay null).
 */
final class RowReaders {
  private final ScyllaEntityConverter converter;
  private final Function<Class<?>, RowMapper<?>> entities;
  private final Map<Class<?>, RowMapper<?>> readers = new ConcurrentHashMap<>();

  /**
   * @param entities the mapper of a {@code @Table} entity type
   */
  RowReaders(ScyllaEntityConverter converter, Function<Class<?>, RowMapper<?>> entities) {
    this.converter = converter;
    this.entities = entities;
  }

  @SuppressWarnings("unchecked")
  <T> RowMapper<T> forType(Class<T> type) {
    return (RowMapper<T>) readers.computeIfAbsent(type, this::create);
  }

  private RowMapper<?> create(Class<?> type) {
    if (type == Row.class) {
      return (row, rowNumber) -> row;
    }
    if (converter.hasRowReader(type)) {
      return (row, rowNumber) -> converter.readRow(row, type);
    }
    if (Map.class.isAssignableFrom(type)) {
      return CqlTemplate::toMap;
    }
    if (converter.getMappingContext().isSimpleType(type)) {
      return (row, rowNumber) -> {
        int columns = row.columnDefinitions().size();
        if (columns != 1) {
          throw new IncorrectResultSizeDataAccessException(
              "Reading rows as "
                  + type.getName()
                  + " needs a result of 1 column, but it has "
                  + columns
                  + ": select one column, or read the rows as an entity, a Row or a Map",
              1,
              columns);
        }
        return converter.readValue(row.getObject(0), type);
      };
    }
    ScyllaPersistentEntity<?> entity =
        converter.getMappingContext().getRequiredPersistentEntity(type);
    if (entity.isTable()) {
      return entities.apply(type);
    }
    return (row, rowNumber) -> converter.readPartial(entity, row);
  }
}
