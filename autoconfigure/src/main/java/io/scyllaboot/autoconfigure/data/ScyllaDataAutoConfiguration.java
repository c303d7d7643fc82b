package io.scyllaboot.autoconfigure.data;

import io.scyllaboot.autoconfigure.ScyllaAutoConfiguration;
import io.scyllaboot.autoconfigure.ScyllaProperties.SchemaAction;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.repository.support.SchemaCreator;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.env.Environment;
import org.springframework.data.mapping.context.AbstractMappingContext;

/**
 * The entity mapping (on Spring Data Commons' mapping context) and the optional schema creation
 * ({@code scylla.schema-action=create-if-not-exists}, {@code recreate} or {@code
 * recreate-drop-unused}).
 */
@AutoConfiguration(after = ScyllaAutoConfiguration.class)
@ConditionalOnClass({CqlSession.class, AbstractMappingContext.class})
@ConditionalOnBean(CqlSession.class)
public final class ScyllaDataAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean
  ScyllaMappingContext scyllaMappingContext() {
    return new ScyllaMappingContext();
  }

  @Bean
  @ConditionalOnMissingBean
  ScyllaEntityConverter scyllaEntityConverter(ScyllaMappingContext mappingContext) {
    return new ScyllaEntityConverter(mappingContext);
  }

  @Bean
  @ConditionalOnMissingBean
  @Conditional(OnSchemaCreation.class)
  SchemaCreator scyllaSchemaCreator(
      CqlSession session, ScyllaMappingContext mappingContext, Environment environment) {
    // RECREATE_DROP_UNUSED emptied the keyspace when the session was built, before the scripts:
    // what is there now was created by the scripts and is kept.
    SchemaCreator.Action action =
        OnSchemaCreation.schemaAction(environment) == SchemaAction.RECREATE
            ? SchemaCreator.Action.RECREATE
            : SchemaCreator.Action.CREATE_IF_NOT_EXISTS;
    return new SchemaCreator(session, mappingContext, action);
  }
}
