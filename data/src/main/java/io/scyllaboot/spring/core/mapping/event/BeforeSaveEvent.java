package io.scyllaboot.spring.core.mapping.event;

import io.scyllaboot.driver.api.cql.Statement;

/**
 * Published before an entity's insert or update executes, with its statement.
 *
 * @param <E> the entity type
 */
public class BeforeSaveEvent<E> extends ScyllaMappingEvent<E> {
  private final Statement<?> statement;

  public BeforeSaveEvent(E source, String tableName, Statement<?> statement) {
    super(source, tableName);
    this.statement = statement;
  }

  public Statement<?> getStatement() {
    return statement;
  }
}
