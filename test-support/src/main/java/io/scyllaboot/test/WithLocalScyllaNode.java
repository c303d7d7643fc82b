package io.scyllaboot.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs a test class against a local node (see {@link LocalScyllaNode}) on {@link #host()}:{@link
 * #port()}, started by this JVM when nothing answers there. A node that some other process started
 * is used only with {@link #reuse()} (or {@code -Dscylla.local-node.reuse=true}), so that a test
 * never writes into a server it was not meant for. In a Spring test the starter is pointed at the
 * node (a {@code ScyllaConnectionDetails} bean, like Spring Boot's {@code @ServiceConnection}), so
 * that no {@code scylla.contact-points} property is needed, unless {@link #overrideContactPoints()}
 * is false.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@ExtendWith(LocalScyllaNodeExtension.class)
public @interface WithLocalScyllaNode {

  /** The node's address (a loopback address other than 127.0.0.1 gives a node of its own). */
  String host() default "127.0.0.1";

  /** The node's CQL port. */
  int port() default 9042;

  /**
   * Whether a node that answers on the address but was not started by this JVM (a developer's, a CI
   * script's) is used; false by default: the test then fails with a message saying so.
   */
  boolean reuse() default false;

  /**
   * Whether the test's context connects to this node whatever {@code scylla.contact-points} says
   * (true), or keeps the application's connection settings and only gets the node started (false).
   */
  boolean overrideContactPoints() default true;
}
