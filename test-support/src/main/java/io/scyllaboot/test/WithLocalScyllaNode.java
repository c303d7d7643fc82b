package io.scyllaboot.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs a test class against the local node: the node is started when it is not up (see {@link
 * LocalScyllaNode}), and in a Spring test the starter is pointed at it (a {@code
 * ScyllaConnectionDetails} bean, like Spring Boot's {@code @ServiceConnection}), so that no {@code
 * scylla.contact-points} property is needed.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@ExtendWith(LocalScyllaNodeExtension.class)
public @interface WithLocalScyllaNode {}
