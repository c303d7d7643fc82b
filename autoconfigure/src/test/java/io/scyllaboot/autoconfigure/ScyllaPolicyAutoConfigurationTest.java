package io.scyllaboot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.CqlSessionBuilder;
import io.scyllaboot.driver.api.ExecutionProfile;
import io.scyllaboot.driver.api.policy.ReconnectionPolicy;
import io.scyllaboot.driver.api.policy.RequestIdGenerator;
import io.scyllaboot.driver.api.policy.RetryPolicy;
import io.scyllaboot.driver.api.policy.SpeculativeExecutionPolicy;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** Policy beans and properties, execution profiles and the application name (no server). */
class ScyllaPolicyAutoConfigurationTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withBean("testSession", CqlSession.class, () -> Mockito.mock(CqlSession.class))
          .withConfiguration(AutoConfigurations.of(ScyllaAutoConfiguration.class));

  @Test
  void should_use_the_application_policy_beans_over_the_properties() {
    runner
        .withPropertyValues(
            "scylla.request.retry-policy=default",
            "scylla.request.speculative-execution.policy=percentile")
        .withBean(RetryPolicy.class, RetryPolicy::fallthrough)
        .withBean(
            ReconnectionPolicy.class, () -> ReconnectionPolicy.constant(Duration.ofMillis(300)))
        .withBean(
            SpeculativeExecutionPolicy.class,
            () -> SpeculativeExecutionPolicy.constantDelay(Duration.ofMillis(70), 1))
        .withBean(RequestIdGenerator.class, RequestIdGenerator::uuid)
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean(CqlSessionBuilder.class).toString())
                  .contains("retryPolicy=fallthrough")
                  .contains("reconnectionPolicy=constant(PT0.3S)")
                  .contains("speculativeExecution=constantDelay(PT0.07S, 1 extra)")
                  .contains("requestIds=on");
            });
  }

  @Test
  void should_leave_the_defaults_without_beans_or_properties() {
    runner.run(
        context ->
            assertThat(context.getBean(CqlSessionBuilder.class).toString())
                .contains("retryPolicy=default")
                .contains("reconnectionPolicy=delays")
                .contains("requestIds=off")
                .contains("profiles=[]")
                .contains("application=null/null")
                .contains("maxConcurrentConnectionOpens=8"));
  }

  @Test
  void should_bind_profiles_the_retry_policy_the_application_and_the_connection_bound() {
    runner
        .withPropertyValues(
            "spring.application.name=orders",
            "scylla.application-version=3.1",
            "scylla.request.retry-policy=fallthrough",
            "scylla.pool.max-concurrent-opens=3",
            "scylla.profiles.analytics.consistency=LOCAL_QUORUM",
            "scylla.profiles.analytics.timeout=30s",
            "scylla.profiles.analytics.page-size=100",
            "scylla.profiles.analytics.idempotent=true",
            "scylla.profiles.analytics.retry-policy=default",
            "scylla.profiles.analytics.speculative-execution.policy=constant-delay",
            "scylla.profiles.analytics.speculative-execution.delay=20ms",
            "scylla.profiles.lwt.serial-consistency=LOCAL_SERIAL",
            "scylla.profiles.remote.local-datacenter=dc2")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean(CqlSessionBuilder.class).toString())
                  .contains("retryPolicy=fallthrough")
                  .contains("profiles=[analytics, lwt, remote]")
                  .contains("application=orders/3.1")
                  .contains("maxConcurrentConnectionOpens=3");
              ScyllaProperties properties = context.getBean(ScyllaProperties.class);
              ExecutionProfile analytics = properties.getProfiles().get("analytics").toProfile();
              assertThat(analytics.consistency()).isEqualTo(ConsistencyLevel.LOCAL_QUORUM);
              assertThat(analytics.timeout()).isEqualTo(Duration.ofSeconds(30));
              assertThat(analytics.pageSize()).isEqualTo(100);
              assertThat(analytics.idempotent()).isTrue();
              assertThat(analytics.retryPolicy()).isSameAs(RetryPolicy.defaults());
              assertThat(analytics.speculativeExecution())
                  .hasToString("constantDelay(PT0.02S, 1 extra)");
              ExecutionProfile lwt = properties.getProfiles().get("lwt").toProfile();
              assertThat(lwt.serialConsistency()).isEqualTo(ConsistencyLevel.LOCAL_SERIAL);
              assertThat(lwt.consistency()).isNull();
              assertThat(lwt.retryPolicy()).isNull();
              assertThat(lwt.speculativeExecution()).as("left to the session").isNull();
              assertThat(lwt.localDatacenter()).isNull();
              assertThat(properties.getProfiles().get("remote").toProfile().localDatacenter())
                  .isEqualTo("dc2");
            });
  }

  @Test
  void should_fail_start_up_on_a_bad_profile_value_naming_the_key() {
    runner
        .withPropertyValues("scylla.profiles.bad.serial-consistency=QUORUM")
        .run(
            context ->
                assertThat(context)
                    .hasFailed()
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("SERIAL or LOCAL_SERIAL"));
  }
}
