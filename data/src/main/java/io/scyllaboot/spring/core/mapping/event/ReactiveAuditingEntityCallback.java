package io.scyllaboot.spring.core.mapping.event;

import java.util.Objects;
import org.reactivestreams.Publisher;
import org.springframework.beans.factory.ObjectFactory;
import org.springframework.core.Ordered;
import org.springframework.data.auditing.ReactiveIsNewAwareAuditingHandler;

/**
 * Sets the auditing properties of an entity before the reactive template converts it for a write,
 * with the auditor of a {@code ReactiveAuditorAware}. Registered by {@link
 * io.scyllaboot.spring.config.EnableReactiveScyllaAuditing}; runs first ({@link #getOrder()} 100).
 */
public class ReactiveAuditingEntityCallback
    implements ReactiveBeforeConvertCallback<Object>, Ordered {
  private final ObjectFactory<ReactiveIsNewAwareAuditingHandler> handler;

  /** The handler is looked up lazily, on the first write. */
  public ReactiveAuditingEntityCallback(ObjectFactory<ReactiveIsNewAwareAuditingHandler> handler) {
    this.handler = Objects.requireNonNull(handler, "auditing handler");
  }

  @Override
  public Publisher<Object> onBeforeConvert(Object entity, String tableName) {
    return handler.getObject().markAudited(entity);
  }

  @Override
  public int getOrder() {
    return 100;
  }
}
