package io.scyllaboot.autoconfigure.data;

import io.scyllaboot.autoconfigure.ScyllaProperties.RepositoryType;
import java.util.Map;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Matches when {@code scylla.repositories.type} (bound as the enum, default AUTO) is AUTO or the
 * type that {@link ConditionalOnRepositoryType} names.
 */
final class OnRepositoryType extends SpringBootCondition {
  @Override
  public ConditionOutcome getMatchOutcome(
      ConditionContext context, AnnotatedTypeMetadata metadata) {
    Map<String, Object> attributes =
        metadata.getAnnotationAttributes(ConditionalOnRepositoryType.class.getName());
    RepositoryType wanted = (RepositoryType) attributes.get("value");
    RepositoryType configured =
        Binder.get(context.getEnvironment())
            .bind("scylla.repositories.type", RepositoryType.class)
            .orElse(RepositoryType.AUTO);
    return configured == RepositoryType.AUTO || configured == wanted
        ? ConditionOutcome.match("scylla.repositories.type is " + configured)
        : ConditionOutcome.noMatch("scylla.repositories.type is " + configured + ", not " + wanted);
  }
}
