package io.scyllaboot.spring.config;

import io.scyllaboot.spring.core.ScyllaIsNewStrategy;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.mapping.ScyllaPersistentProperty;
import java.lang.annotation.Annotation;
import java.util.List;
import org.springframework.data.annotation.CreatedBy;
import org.springframework.data.annotation.CreatedDate;
import org.springframework.data.auditing.IsNewAwareAuditingHandler;
import org.springframework.data.domain.Persistable;
import org.springframework.data.mapping.PersistentPropertyAccessor;
import org.springframework.data.mapping.context.PersistentEntities;

/**
 * Spring Data's auditing handler, deciding "new" by {@link ScyllaIsNewStrategy}, so that an entity
 * keyed by {@code @PartitionKey} without {@code @Id} keeps its creation date on later saves. An
 * entity with a natural key (set before the first save) and no {@code @Id}, {@code @Version} or
 * {@code Persistable} is also new while its {@code @CreatedDate}/{@code @CreatedBy} are all null:
 * otherwise they would never be set.
 */
public class ScyllaAuditingHandler extends IsNewAwareAuditingHandler {
  private final ScyllaMappingContext mappingContext;

  public ScyllaAuditingHandler(ScyllaMappingContext mappingContext) {
    super(PersistentEntities.of(mappingContext));
    this.mappingContext = mappingContext;
  }

  @Override
  @SuppressWarnings("unchecked")
  public Object markAudited(Object object) {
    ScyllaPersistentEntity<Object> entity =
        (ScyllaPersistentEntity<Object>)
            mappingContext.getRequiredPersistentEntity(object.getClass());
    return ScyllaIsNewStrategy.isNew(entity, object) || notCreatedYet(entity, object)
        ? markCreated(object)
        : markModified(object);
  }

  static boolean notCreatedYet(ScyllaPersistentEntity<Object> entity, Object bean) {
    if (bean instanceof Persistable<?> || entity.hasVersionProperty() || entity.hasIdProperty()) {
      return false;
    }
    PersistentPropertyAccessor<Object> accessor = entity.getPropertyAccessor(bean);
    boolean any = false;
    for (Class<? extends Annotation> creation : List.of(CreatedDate.class, CreatedBy.class)) {
      for (ScyllaPersistentProperty property : entity.getPersistentProperties(creation)) {
        if (accessor.getProperty(property) != null) {
          return false;
        }
        any = true;
      }
    }
    return any;
  }
}
