package io.scyllaboot.test.data;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.test.autoconfigure.OverrideAutoConfiguration;
import org.springframework.boot.test.context.filter.annotation.TypeExcludeFilters;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.core.annotation.AliasFor;
import org.springframework.test.context.BootstrapWith;
import org.springframework.test.context.junit.jupiter.SpringExtension;

/**
 * A test of the data layer only, the counterpart of Spring Boot's {@code @DataCassandraTest}: the
 * application's {@code @SpringBootApplication} is found as usual, but only the auto-configurations
 * of {@link AutoConfigureDataScylla} run (SSL bundles, driver, mapping, blocking and reactive
 * templates and repositories, service connections; no web, health or metrics), and component
 * scanning keeps only {@code KeyspacePopulator} and {@code CqlSessionBuilderCustomizer} components
 * (no {@code @Service}, {@code @Controller}...). Repositories of the application's packages are
 * created. Combine it with {@link io.scyllaboot.test.WithLocalScyllaNode} to run against the local
 * node, or give the context a {@code ScyllaConnectionDetails} bean:
 *
 * <pre>{@code
 * @DataScyllaTest(properties = {"scylla.keyspace=shop_test", "scylla.schema-action=recreate"})
 * @WithLocalScyllaNode
 * class OrderRepositoryTest {
 *   @Autowired OrderRepository orders;
 * }
 * }</pre>
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@BootstrapWith(DataScyllaTestContextBootstrapper.class)
@ExtendWith(SpringExtension.class)
@OverrideAutoConfiguration(enabled = false)
@TypeExcludeFilters(DataScyllaTypeExcludeFilter.class)
@AutoConfigureDataScylla
@ImportAutoConfiguration
public @interface DataScyllaTest {

  /** Properties ({@code key=value}) added to the environment before the test's context starts. */
  String[] properties() default {};

  /** Whether the default filters apply (the components listed above); true by default. */
  boolean useDefaultFilters() default true;

  /** Filters adding components to the context, beyond the default ones. */
  Filter[] includeFilters() default {};

  /** Filters removing components that would otherwise be in the context. */
  Filter[] excludeFilters() default {};

  /** Auto-configurations of the slice not to run. */
  @AliasFor(annotation = ImportAutoConfiguration.class, attribute = "exclude")
  Class<?>[] excludeAutoConfiguration() default {};
}
