package io.scyllaboot.test.data;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;

/**
 * The auto-configurations of {@link DataScyllaTest}, usable on their own (e.g. with a {@code
 * SpringBootTest} that disables the rest), the counterpart of Spring Boot's {@code
 * AutoConfigureDataCassandra}: SSL bundles, the driver, mapping, the blocking and reactive
 * templates and repositories, and Testcontainers service connections when Spring Boot's
 * testcontainers module is on the class path. The list is in {@code
 * META-INF/spring/io.scyllaboot.test.data.AutoConfigureDataScylla.imports}.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ImportAutoConfiguration
public @interface AutoConfigureDataScylla {}
