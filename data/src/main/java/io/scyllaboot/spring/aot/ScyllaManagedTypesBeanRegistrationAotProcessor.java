package io.scyllaboot.spring.aot;

import io.scyllaboot.spring.mapping.ScyllaManagedTypes;
import org.springframework.data.aot.ManagedTypesBeanRegistrationAotProcessor;

/**
 * Registers reflection hints for the entity classes of a {@link ScyllaManagedTypes} bean during
 * Spring's ahead-of-time processing, so that a native image can instantiate and map them (entities
 * of repositories get theirs from Spring Data's repository processing too).
 */
public final class ScyllaManagedTypesBeanRegistrationAotProcessor
    extends ManagedTypesBeanRegistrationAotProcessor {

  public ScyllaManagedTypesBeanRegistrationAotProcessor() {
    setModuleIdentifier("scylla");
  }

  @Override
  protected boolean matchesByType(Class<?> beanType) {
    return ScyllaManagedTypes.class.isAssignableFrom(beanType);
  }
}
