package io.scyllaboot.spring.core.mapping.event;

import io.scyllaboot.driver.api.cql.Row;

/**
 * Published when a row was read, before it is converted to an entity.
 *
 * @param <T> the entity type the row becomes
 */
public class AfterLoadEvent<T> extends ScyllaMappingEvent<Row> {
  private final Class<T> type;

  public AfterLoadEvent(Row source, Class<T> type, String tableName) {
    super(source, tableName);
    this.type = type;
  }

  /** The entity type the row is converted to. */
  public Class<T> getType() {
    return type;
  }
}
