package io.scyllaboot.spring.core.mapping.event;

import java.util.Objects;
import org.springframework.beans.factory.ObjectFactory;
import org.springframework.core.Ordered;
import org.springframework.data.auditing.IsNewAwareAuditingHandler;

/**
 * Sets the auditing properties ({@code @CreatedDate}, {@code @LastModifiedDate}, {@code CreatedBy},
 * {@code @LastModifiedBy}) before an entity is converted for a write. Registered by {@link
 * io.scyllaboot.spring.config.EnableScyllaAuditing}; runs first ({@link #getOrder()} 100), so later
 * callbacks see the audited entity.
 */
public class AuditingEntityCallback implements BeforeConvertCallback<Object>, Ordered {
  private final ObjectFactory<IsNewAwareAuditingHandler> handler;

  /** The handler is looked up lazily, on the first write. */
  public AuditingEntityCallback(ObjectFactory<IsNewAwareAuditingHandler> handler) {
    this.handler = Objects.requireNonNull(handler, "auditing handler");
  }

  @Override
  public Object onBeforeConvert(Object entity, String tableName) {
    return handler.getObject().markAudited(entity);
  }

  @Override
  public int getOrder() {
    return 100;
  }
}
