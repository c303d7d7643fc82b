package io.scyllaboot.spring.core.mapping.event;

import org.springframework.context.ApplicationEvent;

/**
 * The base of the template's application events: the source (an entity, a row or a statement) and
 * the table.
 *
 * @param <T> the source type
 */
public abstract class ScyllaMappingEvent<T> extends ApplicationEvent {
  private final String tableName;

  protected ScyllaMappingEvent(T source, String tableName) {
    super(source);
    this.tableName = tableName;
  }

  public String getTableName() {
    return tableName;
  }

  @Override
  @SuppressWarnings("unchecked")
  public T getSource() {
    return (T) super.getSource();
  }
}
