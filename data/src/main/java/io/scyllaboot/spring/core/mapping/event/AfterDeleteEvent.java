package io.scyllaboot.spring.core.mapping.event;

/**
 * Published after a delete executed; the source is the deleted entity, or the id for a delete by
 * id.
 *
 * @param <T> the entity type
 */
public class AfterDeleteEvent<T> extends ScyllaMappingEvent<Object> {
  private final Class<T> type;

  public AfterDeleteEvent(Object source, Class<T> type, String tableName) {
    super(source, tableName);
    this.type = type;
  }

  public Class<T> getType() {
    return type;
  }
}
