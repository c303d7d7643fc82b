package io.scyllaboot.spring.repository.config;

import io.scyllaboot.spring.repository.support.ReactiveScyllaRepositoryFactoryBean;
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
 * Enables reactive Scylla repositories: interfaces extending {@code ReactiveScyllaRepository} in
 * the given packages (by default this class's) become beans. Spring Boot applications with Reactor
 * on the classpath need not use it: the auto-configuration enables them in the application's
 * packages.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@Import(ReactiveScyllaRepositoriesRegistrar.class)
public @interface EnableReactiveScyllaRepositories {
  String[] value() default {};

  String[] basePackages() default {};

  Class<?>[] basePackageClasses() default {};

  Filter[] includeFilters() default {};

  Filter[] excludeFilters() default {};

  String repositoryImplementationPostfix() default "Impl";

  String namedQueriesLocation() default "";

  QueryLookupStrategy.Key queryLookupStrategy() default QueryLookupStrategy.Key.CREATE_IF_NOT_FOUND;

  Class<?> repositoryFactoryBeanClass() default ReactiveScyllaRepositoryFactoryBean.class;

  Class<?> repositoryBaseClass() default DefaultRepositoryBaseClass.class;

  boolean considerNestedRepositories() default false;

  BootstrapMode bootstrapMode() default BootstrapMode.DEFAULT;
}
