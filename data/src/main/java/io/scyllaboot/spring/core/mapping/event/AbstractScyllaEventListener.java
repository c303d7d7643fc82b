package io.scyllaboot.spring.core.mapping.event;

import org.springframework.context.ApplicationListener;
import org.springframework.core.GenericTypeResolver;

/**
 * A listener bean with one method per mapping event, called only for events of entities of type
 * {@code E} (Spring Data Cassandra's {@code AbstractCassandraEventListener}); override the methods
 * of the events to handle, the others do nothing.
 *
 * @param <E> the entity type listened to ({@code Object} for all)
 */
public abstract class AbstractScyllaEventListener<E>
    implements ApplicationListener<ScyllaMappingEvent<?>> {
  private final Class<?> domainClass;

  protected AbstractScyllaEventListener() {
    Class<?> resolved =
        GenericTypeResolver.resolveTypeArgument(getClass(), AbstractScyllaEventListener.class);
    this.domainClass = resolved == null ? Object.class : resolved;
  }

  @Override
  @SuppressWarnings("unchecked")
  public void onApplicationEvent(ScyllaMappingEvent<?> event) {
    if (event instanceof AfterLoadEvent<?> load) {
      if (listensTo(load.getType())) {
        onAfterLoad((AfterLoadEvent<E>) load);
      }
    } else if (event instanceof AfterConvertEvent<?> convert) {
      if (convert.getEntity() != null && listensTo(convert.getEntity().getClass())) {
        onAfterConvert((AfterConvertEvent<E>) convert);
      }
    } else if (event instanceof BeforeDeleteEvent<?> delete) {
      if (listensTo(delete.getType())) {
        onBeforeDelete((BeforeDeleteEvent<E>) delete);
      }
    } else if (event instanceof AfterDeleteEvent<?> delete) {
      if (listensTo(delete.getType())) {
        onAfterDelete((AfterDeleteEvent<E>) delete);
      }
    } else if (event.getSource() != null && listensTo(event.getSource().getClass())) {
      if (event instanceof BeforeSaveEvent<?> save) {
        onBeforeSave((BeforeSaveEvent<E>) save);
      } else if (event instanceof AfterSaveEvent<?> save) {
        onAfterSave((AfterSaveEvent<E>) save);
      }
    }
  }

  private boolean listensTo(Class<?> type) {
    return domainClass.isAssignableFrom(type);
  }

  /** Before an entity is written (its statement is built). */
  public void onBeforeSave(BeforeSaveEvent<E> event) {}

  /** After an entity was written. */
  public void onAfterSave(AfterSaveEvent<E> event) {}

  /** Before a delete of an entity or by id. */
  public void onBeforeDelete(BeforeDeleteEvent<E> event) {}

  /** After a delete of an entity or by id. */
  public void onAfterDelete(AfterDeleteEvent<E> event) {}

  /** After a row was read, before it is converted. */
  public void onAfterLoad(AfterLoadEvent<E> event) {}

  /** After a row was converted to an entity. */
  public void onAfterConvert(AfterConvertEvent<E> event) {}
}
