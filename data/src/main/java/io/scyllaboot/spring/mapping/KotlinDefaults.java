package io.scyllaboot.spring.mapping;

import java.util.HashSet;
import java.util.Set;
import kotlin.reflect.KFunction;
import kotlin.reflect.KParameter;
import kotlin.reflect.jvm.ReflectJvmMapping;
import org.springframework.core.KotlinDetector;
import org.springframework.data.mapping.PersistentEntity;
import org.springframework.data.mapping.PreferredConstructor;

/**
 * The constructor parameters of a Kotlin entity that declare a default value. For these a null
 * column is passed as null, so that Spring Data Commons' Kotlin instantiator uses the default (as
 * Spring Data Cassandra does) instead of the primitive's zero.
 */
final class KotlinDefaults {
  private KotlinDefaults() {}

  /** Their names; empty for a Java type, or when kotlin-reflect is absent. */
  static Set<String> of(PersistentEntity<?, ?> entity) {
    if (!KotlinDetector.isKotlinReflectPresent()
        || !KotlinDetector.isKotlinType(entity.getType())
        || !(entity.getInstanceCreatorMetadata() instanceof PreferredConstructor<?, ?> creator)) {
      return Set.of();
    }
    return Reflection.optionalParameters(creator);
  }

  /** Touches kotlin-reflect: loaded only once it is known to be present. */
  private static final class Reflection {
    static Set<String> optionalParameters(PreferredConstructor<?, ?> creator) {
      KFunction<?> function = ReflectJvmMapping.getKotlinFunction(creator.getConstructor());
      if (function == null) {
        return Set.of();
      }
      Set<String> names = new HashSet<>();
      for (KParameter parameter : function.getParameters()) {
        if (parameter.isOptional() && parameter.getName() != null) {
          names.add(parameter.getName());
        }
      }
      return Set.copyOf(names);
    }
  }
}
