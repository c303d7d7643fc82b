package io.scyllaboot.spring.config;

import io.scyllaboot.spring.core.ScyllaIsNewStrategy;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import org.springframework.data.auditing.ReactiveIsNewAwareAuditingHandler;
import org.springframework.data.mapping.context.PersistentEntities;
import reactor.core.publisher.Mono;

/**
 * Spring Data's reactive auditing handler, deciding "new" as {@link ScyllaAuditingHandler} does (by
 * {@link ScyllaIsNewStrategy}, and a natural-key entity without creation values is new).
 */
public class ScyllaReactiveAuditingHandler extends ReactiveIsNewAwareAuditingHandler {
  private final ScyllaMappingContext mappingContext;

  public ScyllaReactiveAuditingHandler(ScyllaMappingContext mappingContext) {
    super(PersistentEntities.of(mappingContext));
    this.mappingContext = mappingContext;
  }

  @Override
  @SuppressWarnings("unchecked")
  public Mono<Object> markAudited(Object object) {
    if (!isAuditable(object)) {
      return Mono.just(object);
    }
    ScyllaPersistentEntity<Object> entity =
        (ScyllaPersistentEntity<Object>)
            mappingContext.getRequiredPersistentEntity(object.getClass());
    return ScyllaIsNewStrategy.isNew(entity, object)
            || ScyllaAuditingHandler.notCreatedYet(entity, object)
        ? markCreated(object)
        : markModified(object);
  }
}
