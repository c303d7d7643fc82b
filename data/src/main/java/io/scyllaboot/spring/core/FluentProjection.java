package io.scyllaboot.spring.core;

import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import java.util.Objects;
import java.util.function.Function;
import org.springframework.data.convert.DtoInstantiatingConverter;
import org.springframework.data.mapping.model.EntityInstantiators;
import org.springframework.data.projection.SpelAwareProxyProjectionFactory;

/**
 * The result type of the fluent API's {@code as(..)}, as Spring Data Cassandra's: the entity itself
 * (or a supertype), an interface projection (a proxy over the entity, SpEL {@code @Value} allowed)
 * or a DTO class (built through its constructor from the entity's properties of the same names).
 * Shared by the blocking and reactive fluent reads; not meant for applications.
 */
public final class FluentProjection {
  private static final SpelAwareProxyProjectionFactory PROXIES =
      new SpelAwareProxyProjectionFactory();
  private static final EntityInstantiators INSTANTIATORS = new EntityInstantiators();

  private FluentProjection() {}

  /**
   * What turns an entity read from the domain type's table into the result type.
   *
   * @throws IllegalArgumentException if the result type is neither an interface nor a class with a
   *     constructor the properties can fill (a primitive, an array)
   */
  public static <R> Function<Object, R> of(
      Class<?> domainType, Class<R> resultType, ScyllaEntityConverter converter) {
    Objects.requireNonNull(resultType, "resultType");
    if (resultType.isAssignableFrom(domainType)) {
      return resultType::cast;
    }
    if (resultType.isInterface()) {
      return entity -> PROXIES.createProjection(resultType, entity);
    }
    if (resultType.isPrimitive() || resultType.isArray()) {
      throw new IllegalArgumentException(
          "as(" + resultType.getName() + "): project onto an interface or a class");
    }
    DtoInstantiatingConverter dto =
        new DtoInstantiatingConverter(resultType, converter.getMappingContext(), INSTANTIATORS);
    return entity -> resultType.cast(dto.convert(entity));
  }
}
