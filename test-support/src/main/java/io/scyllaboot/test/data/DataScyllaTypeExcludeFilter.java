package io.scyllaboot.test.data;

import io.scyllaboot.autoconfigure.CqlSessionBuilderCustomizer;
import io.scyllaboot.spring.cql.init.KeyspacePopulator;
import java.util.Set;
import org.springframework.boot.test.context.filter.annotation.StandardAnnotationCustomizableTypeExcludeFilter;

/**
 * Component scanning of a {@link DataScyllaTest}: keeps the components that shape the session and
 * the keyspace, drops every other one (services, controllers...). Repositories are not components:
 * the repository auto-configuration creates them.
 */
final class DataScyllaTypeExcludeFilter
    extends StandardAnnotationCustomizableTypeExcludeFilter<DataScyllaTest> {
  private static final Set<Class<?>> DEFAULT_INCLUDES =
      Set.of(KeyspacePopulator.class, CqlSessionBuilderCustomizer.class);

  DataScyllaTypeExcludeFilter(Class<?> testClass) {
    super(testClass);
  }

  @Override
  protected Set<Class<?>> getKnownIncludes() {
    return DEFAULT_INCLUDES;
  }
}
