package io.scyllaboot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.driver.api.CqlSession;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.springframework.boot.actuate.autoconfigure.context.properties.ConfigurationPropertiesReportEndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.endpoint.EndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.env.EnvironmentEndpointAutoConfiguration;
import org.springframework.boot.actuate.context.properties.ConfigurationPropertiesReportEndpoint;
import org.springframework.boot.actuate.endpoint.SanitizingFunction;
import org.springframework.boot.actuate.env.EnvironmentEndpoint;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * scylla.password stays masked in /actuator/env and /actuator/configprops, even with
 * show-values=ALWAYS.
 */
class ScyllaActuatorSanitizingTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withBean("testSession", CqlSession.class, () -> Mockito.mock(CqlSession.class))
          .withConfiguration(
              AutoConfigurations.of(
                  ScyllaAutoConfiguration.class,
                  EndpointAutoConfiguration.class,
                  EnvironmentEndpointAutoConfiguration.class,
                  ConfigurationPropertiesReportEndpointAutoConfiguration.class))
          .withPropertyValues(
              "management.endpoints.web.exposure.include=env,configprops",
              "management.endpoint.env.show-values=ALWAYS",
              "management.endpoint.configprops.show-values=ALWAYS",
              "scylla.username=app",
              "scylla.password=hunter2-secret",
              "scylla.keyspace=shop");

  @Test
  void should_mask_the_password_in_the_env_endpoint_whatever_show_values_says() {
    runner.run(
        context -> {
          EnvironmentEndpoint env = context.getBean(EnvironmentEndpoint.class);
          assertThat(env.environmentEntry("scylla.password").getProperty().getValue())
              .isEqualTo("******");
          assertThat(env.environmentEntry("scylla.keyspace").getProperty().getValue())
              .isEqualTo("shop");
        });
  }

  @Test
  void should_mask_the_password_in_the_env_endpoint_when_it_comes_from_an_environment_variable() {
    runner.run(
        context -> {
          SanitizingFunction function = context.getBean(SanitizingFunction.class);
          assertThat(
                  function
                      .applyUnlessFiltered(
                          new org.springframework.boot.actuate.endpoint.SanitizableData(
                              null, "SCYLLA_PASSWORD", "from-env"))
                      .getValue())
              .isEqualTo("******");
          assertThat(
                  function
                      .applyUnlessFiltered(
                          new org.springframework.boot.actuate.endpoint.SanitizableData(
                              null, "SCYLLA_KEYSPACE", "shop"))
                      .getValue())
              .isEqualTo("shop");
        });
  }

  @Test
  void should_mask_the_password_in_the_configprops_endpoint_whatever_show_values_says() {
    runner.run(
        context -> {
          ConfigurationPropertiesReportEndpoint endpoint =
              context.getBean(ConfigurationPropertiesReportEndpoint.class);
          Map<String, Object> scylla =
              endpoint
                  .configurationPropertiesWithPrefix("scylla")
                  .getContexts()
                  .values()
                  .iterator()
                  .next()
                  .getBeans()
                  .values()
                  .iterator()
                  .next()
                  .getProperties();
          assertThat(scylla).containsEntry("password", "******");
          assertThat(scylla).containsEntry("username", "app").containsEntry("keyspace", "shop");
        });
  }

  @Test
  void should_register_no_sanitizing_function_without_actuator() {
    new ApplicationContextRunner()
        .withBean("testSession", CqlSession.class, () -> Mockito.mock(CqlSession.class))
        .withConfiguration(AutoConfigurations.of(ScyllaAutoConfiguration.class))
        .withClassLoader(new FilteredClassLoader(SanitizingFunction.class))
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context).doesNotHaveBean("scyllaPasswordSanitizer");
            });
  }
}
