package io.scyllaboot.spring.config;

import io.scyllaboot.spring.core.mapping.event.ReactiveAuditingEntityCallback;
import java.lang.annotation.Annotation;

/**
 * Registers the beans of {@link EnableReactiveScyllaAuditing}: the {@code
 * scyllaReactiveAuditingHandler} and the {@link ReactiveAuditingEntityCallback} that calls it.
 */
class ReactiveScyllaAuditingRegistrar extends ScyllaAuditingRegistrar {

  @Override
  protected Class<? extends Annotation> getAnnotation() {
    return EnableReactiveScyllaAuditing.class;
  }

  @Override
  protected String getAuditingHandlerBeanName() {
    return "scyllaReactiveAuditingHandler";
  }

  @Override
  Class<?> handlerType() {
    return ScyllaReactiveAuditingHandler.class;
  }

  @Override
  Class<?> callbackType() {
    return ReactiveAuditingEntityCallback.class;
  }
}
