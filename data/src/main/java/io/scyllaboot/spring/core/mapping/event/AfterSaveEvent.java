package io.scyllaboot.spring.core.mapping.event;

/**
 * Published after an entity's insert or update was applied; the source is the entity as written.
 *
 * @param <E> the entity type
 */
public class AfterSaveEvent<E> extends ScyllaMappingEvent<E> {
  public AfterSaveEvent(E source, String tableName) {
    super(source, tableName);
  }
}
