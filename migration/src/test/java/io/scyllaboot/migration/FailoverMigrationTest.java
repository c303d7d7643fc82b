package io.scyllaboot.migration;

import static org.openrewrite.java.Assertions.java;

import org.junit.jupiter.api.Test;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

/**
 * An application's own data-center failover, the shape of the DataStax driver's
 * CrossDatacenterFailover example: an {@code OptionsMap} whose profile has its own data center, and
 * the errors it inspects to decide (which nodes were tried, in which data center, with what; no
 * node available at all); every output compiled against Scylla Boot's driver.
 */
class FailoverMigrationTest implements RewriteTest {

  @Override
  public void defaults(RecipeSpec spec) {
    RecipeSpecs.driverMigration(spec);
  }

  @Test
  void anOptionsMapsOptionsAndProfilesBecomeBuilderCalls() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.core.CqlSession;
            import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
            import com.datastax.oss.driver.api.core.config.OptionsMap;
            import com.datastax.oss.driver.api.core.config.TypedDriverOption;
            import java.time.Duration;
            import java.util.Collections;

            class Connect {
              CqlSession session;

              void connect() {
                OptionsMap options = OptionsMap.driverDefaults();
                options.put(TypedDriverOption.LOAD_BALANCING_LOCAL_DATACENTER, "dc1");
                options.put(TypedDriverOption.CONTACT_POINTS, Collections.singletonList("127.0.0.1:9042"));
                options.put(TypedDriverOption.REQUEST_CONSISTENCY, "LOCAL_QUORUM");
                options.put("slow", TypedDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(30));
                options.put("slow", TypedDriverOption.REQUEST_CONSISTENCY, "LOCAL_ONE");
                options.put("remote", TypedDriverOption.LOAD_BALANCING_LOCAL_DATACENTER, "dc2");
                session = CqlSession.builder().withConfigLoader(DriverConfigLoader.fromMap(options)).build();
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.ConsistencyLevel;
            import io.scyllaboot.driver.api.CqlSession;
            import io.scyllaboot.driver.api.ExecutionProfile;

            import java.net.InetSocketAddress;
            import java.time.Duration;

            class Connect {
              CqlSession session;

              void connect() {
                session = CqlSession.builder().withLocalDatacenter("dc1").addContactPoint(new InetSocketAddress("127.0.0.1", 9042)).withConsistency(ConsistencyLevel.LOCAL_QUORUM).withProfile("slow", ExecutionProfile.of().withTimeout(Duration.ofSeconds(30)).withConsistency(ConsistencyLevel.LOCAL_ONE)).withProfile("remote", ExecutionProfile.of().withLocalDatacenter("dc2")).build();
              }
            }
            """));
  }

  @Test
  void anOptionsMapWithAnOptionWithoutCounterpartStaysMarked() {
    rewriteRun(
        spec ->
            CompiledAfter.doesNotCompile(
                    "a load-balancing policy class has no counterpart",
                    "com.datastax.oss.driver.api.core.config",
                    "OptionsMap",
                    "TypedDriverOption",
                    "DriverConfigLoader")
                .accept(spec.expectedCyclesThatMakeChanges(1)),
        java(
            """
            import com.datastax.oss.driver.api.core.CqlSession;
            import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
            import com.datastax.oss.driver.api.core.config.OptionsMap;
            import com.datastax.oss.driver.api.core.config.TypedDriverOption;

            class Failover {
              CqlSession connect() {
                OptionsMap options = OptionsMap.driverDefaults();
                options.put(TypedDriverOption.REQUEST_CONSISTENCY, "LOCAL_QUORUM");
                options.put(TypedDriverOption.LOAD_BALANCING_POLICY_CLASS, "DcInferringLoadBalancingPolicy");
                return CqlSession.builder().withConfigLoader(DriverConfigLoader.fromMap(options)).build();
              }
            }
            """,
            spec ->
                spec.after(
                    after -> {
                      org.assertj.core.api.Assertions.assertThat(after)
                          .contains("options.put(TypedDriverOption.LOAD_BALANCING_POLICY_CLASS")
                          .contains("(Scylla Boot: no counterpart of OptionsMap");
                      return after;
                    })));
  }

  @Test
  void theErrorsAFailoverDecisionReadsKeepTheirNodes() {
    rewriteRun(
        java(
            """
            import com.datastax.oss.driver.api.core.AllNodesFailedException;
            import com.datastax.oss.driver.api.core.DriverException;
            import com.datastax.oss.driver.api.core.NoNodeAvailableException;
            import com.datastax.oss.driver.api.core.metadata.Node;
            import com.datastax.oss.driver.api.core.servererrors.CoordinatorException;
            import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
            import java.util.List;
            import java.util.Map.Entry;

            class Decide {
              boolean shouldFailover(DriverException e) {
                if (e instanceof NoNodeAvailableException) {
                  return true;
                } else if (e instanceof AllNodesFailedException) {
                  boolean failover = false;
                  for (Entry<Node, List<Throwable>> entry : ((AllNodesFailedException) e).getAllErrors().entrySet()) {
                    Node coordinator = entry.getKey();
                    System.out.printf("%s in %s%n", coordinator.getEndPoint(), coordinator.getDatacenter());
                    failover |= entry.getValue().stream().anyMatch(UnavailableException.class::isInstance);
                  }
                  return failover;
                } else if (e instanceof CoordinatorException) {
                  Node coordinator = ((CoordinatorException) e).getCoordinator();
                  System.out.printf("%s in %s%n", coordinator.getEndPoint(), coordinator.getDatacenter());
                  return e instanceof UnavailableException;
                }
                return false;
              }
            }
            """,
            """
            import io.scyllaboot.driver.api.error.*;
            import io.scyllaboot.driver.api.metadata.Node;

            import java.util.List;
            import java.util.Map.Entry;

            class Decide {
              boolean shouldFailover(DriverException e) {
                if (e instanceof NoNodeAvailableException) {
                  return true;
                } else if (e instanceof AllNodesFailedException) {
                  boolean failover = false;
                  for (Entry<Node, List<Throwable>> entry : ((AllNodesFailedException) e).allErrors().entrySet()) {
                    Node coordinator = entry.getKey();
                    System.out.printf("%s in %s%n", coordinator.address(), coordinator.datacenter());
                    failover |= entry.getValue().stream().anyMatch(UnavailableException.class::isInstance);
                  }
                  return failover;
                } else if (e instanceof ServerException) {
                  Node coordinator = ((ServerException) e).coordinator();
                  System.out.printf("%s in %s%n", coordinator.address(), coordinator.datacenter());
                  return e instanceof UnavailableException;
                }
                return false;
              }
            }
            """));
  }
}
