package io.scyllaboot.spring.repository.config;

import io.scyllaboot.spring.repository.support.ScyllaRepositoryFactoryBean;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.Import;
import org.springframework.data.repository.config.BootstrapMode;
import org.springframework.data.repository.config.DefaultRepositoryBaseClass;
import org.springframework.data.repository.query.QueryLookupStrategy;

/**
 * Enables Scylla repositories: interfaces extending {@code ScyllaRepository} in the given packages
 * (by default this class's) become beans. Spring Boot applications need not use it: the
 * auto-configuration enables repositories in the application's packages.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@Import(ScyllaRepositoriesRegistrar.class)
public @interface EnableScyllaRepositories {
  String[] value() default {};

  String[] basePackages() default {};

  Class<?>[] basePackageClasses() default {};

  Filter[] includeFilters() default {};

  Filter[] excludeFilters() default {};

  String repositoryImplementationPostfix() default "Impl";

  String namedQueriesLocation() default "";

  QueryLookupStrategy.Key queryLookupStrategy() default QueryLookupStrategy.Key.CREATE_IF_NOT_FOUND;

  Class<?> repositoryFactoryBeanClass() default ScyllaRepositoryFactoryBean.class;

  Class<?> repositoryBaseClass() default DefaultRepositoryBaseClass.class;

  boolean considerNestedRepositories() default false;

  BootstrapMode bootstrapMode() default BootstrapMode.DEFAULT;
}
