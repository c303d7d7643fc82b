package io.scyllaboot.spring.config;

import io.scyllaboot.spring.core.mapping.event.AuditingEntityCallback;
import java.lang.annotation.Annotation;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ObjectFactoryCreatingFactoryBean;
import org.springframework.beans.factory.support.AbstractBeanDefinition;
import org.springframework.beans.factory.support.BeanDefinitionBuilder;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.data.auditing.config.AuditingBeanDefinitionRegistrarSupport;
import org.springframework.data.auditing.config.AuditingConfiguration;

/**
 * Registers the beans of {@link EnableScyllaAuditing}: the {@code scyllaAuditingHandler} (on the
 * context's {@code ScyllaMappingContext}) and the {@link AuditingEntityCallback} that calls it.
 */
class ScyllaAuditingRegistrar extends AuditingBeanDefinitionRegistrarSupport {
  private static final String HANDLER = "scyllaAuditingHandler";

  @Override
  protected Class<? extends Annotation> getAnnotation() {
    return EnableScyllaAuditing.class;
  }

  @Override
  protected String getAuditingHandlerBeanName() {
    return HANDLER;
  }

  /** The auditing handler's class. */
  Class<?> handlerType() {
    return ScyllaAuditingHandler.class;
  }

  /** The entity callback's class: its one constructor argument is a factory of the handler. */
  Class<?> callbackType() {
    return AuditingEntityCallback.class;
  }

  @Override
  protected BeanDefinitionBuilder getAuditHandlerBeanDefinitionBuilder(
      AuditingConfiguration configuration) {
    BeanDefinitionBuilder builder = BeanDefinitionBuilder.rootBeanDefinition(handlerType());
    builder.setAutowireMode(AbstractBeanDefinition.AUTOWIRE_CONSTRUCTOR);
    return configureDefaultAuditHandlerAttributes(configuration, builder);
  }

  @Override
  protected void registerAuditListenerBeanDefinition(
      BeanDefinition auditingHandlerDefinition, BeanDefinitionRegistry registry) {
    BeanDefinitionBuilder handler =
        BeanDefinitionBuilder.rootBeanDefinition(ObjectFactoryCreatingFactoryBean.class);
    handler.addPropertyValue("targetBeanName", getAuditingHandlerBeanName());
    BeanDefinitionBuilder callback = BeanDefinitionBuilder.rootBeanDefinition(callbackType());
    callback.addConstructorArgValue(handler.getBeanDefinition());
    registerInfrastructureBeanWithId(
        callback.getBeanDefinition(), callbackType().getName(), registry);
  }
}
