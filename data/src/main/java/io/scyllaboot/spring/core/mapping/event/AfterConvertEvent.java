package io.scyllaboot.spring.core.mapping.event;

import io.scyllaboot.driver.api.cql.Row;

/**
 * Published when a row was read into an entity, before the after-convert callbacks run; the
 * counterpart of Spring Data Cassandra's {@code AfterConvertEvent}. The source is the row.
 *
 * @param <E> the entity type
 */
public class AfterConvertEvent<E> extends ScyllaMappingEvent<Row> {
  private final E entity;

  public AfterConvertEvent(Row source, E entity, String tableName) {
    super(source, tableName);
    this.entity = entity;
  }

  /** The entity the row became. */
  public E getEntity() {
    return entity;
  }
}
