package io.scyllaboot.spring.core;

import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.mapping.ScyllaPersistentProperty;
import org.jspecify.annotations.Nullable;
import org.springframework.data.mapping.PersistentPropertyAccessor;
import org.springframework.data.mapping.model.EntityInstantiators;
import org.springframework.data.mapping.model.InstantiationAwarePropertyAccessor;
import org.springframework.util.ClassUtils;
import org.springframework.util.NumberUtils;

/**
 * Reads and sets an entity's {@code @Version}. Setting goes through an instantiation-aware
 * accessor, so an immutable entity (a record, or a class with a wither) yields a new instance.
 */
final class Versions {
  private static final EntityInstantiators INSTANTIATORS = new EntityInstantiators();

  private Versions() {}

  static <T> PersistentPropertyAccessor<T> accessor(ScyllaPersistentEntity<T> entity, T bean) {
    return new InstantiationAwarePropertyAccessor<>(
        bean, entity::getPropertyAccessor, INSTANTIATORS);
  }

  static <T> @Nullable Object current(ScyllaPersistentEntity<T> entity, T bean) {
    return entity.getPropertyAccessor(bean).getProperty(entity.getRequiredVersionProperty());
  }

  /** The entity with its first version: 0, or 1 for a primitive (whose 0 means "new"). */
  static <T> T initial(ScyllaPersistentEntity<T> entity, T bean) {
    ScyllaPersistentProperty version = entity.getRequiredVersionProperty();
    return with(entity, bean, version.getType().isPrimitive() ? 1L : 0L);
  }

  /** The version after {@code current}: the initial one when {@code current} is null. */
  static <T> T next(ScyllaPersistentEntity<T> entity, T bean, @Nullable Object current) {
    if (current == null) {
      return initial(entity, bean);
    }
    return with(entity, bean, ((Number) current).longValue() + 1);
  }

  private static <T> T with(ScyllaPersistentEntity<T> entity, T bean, long value) {
    ScyllaPersistentProperty version = entity.getRequiredVersionProperty();
    @SuppressWarnings("unchecked")
    Class<? extends Number> type =
        (Class<? extends Number>) ClassUtils.resolvePrimitiveIfNecessary(version.getType());
    PersistentPropertyAccessor<T> accessor = accessor(entity, bean);
    accessor.setProperty(version, NumberUtils.convertNumberToTargetClass(value, type));
    return accessor.getBean();
  }
}
