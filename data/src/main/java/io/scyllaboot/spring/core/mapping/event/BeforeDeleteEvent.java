package io.scyllaboot.spring.core.mapping.event;

import io.scyllaboot.driver.api.cql.Statement;
import org.jspecify.annotations.Nullable;

/**
 * Published before a delete executes, the counterpart of Spring Data Cassandra's {@code
 * BeforeDeleteEvent}: the source is the entity, or the id for a delete by id (as for {@link
 * AfterDeleteEvent}).
 *
 * @param <T> the entity type
 */
public class BeforeDeleteEvent<T> extends ScyllaMappingEvent<Object> {
  private final Class<T> type;
  private final @Nullable Statement<?> statement;

  public BeforeDeleteEvent(
      Object source, Class<T> type, String tableName, @Nullable Statement<?> statement) {
    super(source, tableName);
    this.type = type;
    this.statement = statement;
  }

  /** The type of the entity deleted. */
  public Class<T> getType() {
    return type;
  }

  /**
   * The bound delete of an entity, or null for a delete by id (sent with its CQL and values, not as
   * a statement object).
   */
  public @Nullable Statement<?> getStatement() {
    return statement;
  }
}
