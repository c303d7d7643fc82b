package io.scyllaboot.autoconfigure.data;

import io.scyllaboot.autoconfigure.MappingProperties;
import io.scyllaboot.autoconfigure.ScyllaAutoConfiguration;
import io.scyllaboot.autoconfigure.ScyllaProperties;
import io.scyllaboot.autoconfigure.ScyllaProperties.SchemaAction;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.spring.mapping.NamingStrategy;
import io.scyllaboot.spring.mapping.ScyllaCustomConversions;
import io.scyllaboot.spring.mapping.ScyllaEntityConverter;
import io.scyllaboot.spring.mapping.ScyllaManagedTypes;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.repository.support.SchemaCreator;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.persistence.autoconfigure.EntityScanner;
import org.springframework.context.ApplicationContext;
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

  /** The {@code @Table} classes of {@code @EntityScan}'s packages, else of the application's. */
  @Bean
  @ConditionalOnMissingBean
  static ScyllaManagedTypes scyllaManagedTypes(ApplicationContext context)
      throws ClassNotFoundException {
    return ScyllaManagedTypes.fromIterable(new EntityScanner(context).scan(Table.class));
  }

  /** No converters; declare a bean of this type to add yours (as with Spring Data Cassandra). */
  @Bean
  @ConditionalOnMissingBean
  ScyllaCustomConversions scyllaCustomConversions() {
    return new ScyllaCustomConversions(List.of());
  }

  /**
   * Names from {@code scylla.mapping.naming-strategy}, unless the application declares a {@link
   * NamingStrategy} bean; LocalDateTime values in {@code scylla.mapping.local-date-time-zone}.
   */
  @Bean
  @ConditionalOnMissingBean
  ScyllaMappingContext scyllaMappingContext(
      ScyllaCustomConversions conversions,
      ScyllaManagedTypes managedTypes,
      ScyllaProperties properties,
      ObjectProvider<NamingStrategy> namingStrategy) {
    MappingProperties mapping = properties.getMapping();
    NamingStrategy naming =
        namingStrategy.getIfAvailable(
            () ->
                switch (mapping.getNamingStrategy()) {
                  case SNAKE_CASE -> NamingStrategy.SNAKE_CASE;
                  case AS_WRITTEN_LOWER_CASE -> NamingStrategy.AS_WRITTEN_LOWER_CASE;
                });
    ScyllaMappingContext context = new ScyllaMappingContext(naming, conversions);
    context.setLocalDateTimeZone(mapping.localDateTimeZoneId());
    context.setManagedTypes(managedTypes);
    return context;
  }

  @Bean
  @ConditionalOnMissingBean
  ScyllaEntityConverter scyllaEntityConverter(ScyllaMappingContext mappingContext) {
    return new ScyllaEntityConverter(mappingContext);
  }

  @Bean
  @ConditionalOnMissingBean
  @Conditional(OnSchemaCreation.class)
  EntitySchemaAction scyllaEntitySchemaAction(
      ScyllaMappingContext mappingContext,
      ScyllaManagedTypes managedTypes,
      Environment environment) {
    // RECREATE_DROP_UNUSED emptied the keyspace when the session was built, before the scripts:
    // what is there now was created by the scripts and is kept.
    SchemaCreator.Action action =
        OnSchemaCreation.schemaAction(environment) == SchemaAction.RECREATE
            ? SchemaCreator.Action.RECREATE
            : SchemaCreator.Action.CREATE_IF_NOT_EXISTS;
    return new EntitySchemaAction(mappingContext, managedTypes, action);
  }

  @Bean
  @ConditionalOnMissingBean
  @Conditional(OnSchemaCreation.class)
  SchemaCreator scyllaSchemaCreator(CqlSession session, EntitySchemaAction schemaAction) {
    // Entities no repository names have tables too (the repositories add theirs as they start).
    return schemaAction.creatorFor(session);
  }
}
