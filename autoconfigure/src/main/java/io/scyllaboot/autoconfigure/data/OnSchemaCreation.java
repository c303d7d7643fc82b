package io.scyllaboot.autoconfigure.data;

import io.scyllaboot.autoconfigure.ScyllaProperties.SchemaAction;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Matches when {@code scylla.schema-action} binds to an action other than {@link
 * SchemaAction#NONE}, however it is spelled ({@code create-if-not-exists}, {@code
 * CREATE_IF_NOT_EXISTS}...): bound as the enum, as the properties class binds it, never compared as
 * a raw string.
 */
final class OnSchemaCreation extends SpringBootCondition {
  @Override
  public ConditionOutcome getMatchOutcome(
      ConditionContext context, AnnotatedTypeMetadata metadata) {
    SchemaAction action = schemaAction(context.getEnvironment());
    return action != SchemaAction.NONE
        ? ConditionOutcome.match("scylla.schema-action is " + action)
        : ConditionOutcome.noMatch("scylla.schema-action is " + action);
  }

  /** The bound {@code scylla.schema-action}, {@link SchemaAction#NONE} when not set. */
  static SchemaAction schemaAction(Environment environment) {
    return Binder.get(environment)
        .bind("scylla.schema-action", SchemaAction.class)
        .orElse(SchemaAction.NONE);
  }
}
