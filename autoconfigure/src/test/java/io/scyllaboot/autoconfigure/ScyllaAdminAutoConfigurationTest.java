package io.scyllaboot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.scyllaboot.autoconfigure.data.ScyllaAdminAutoConfiguration;
import io.scyllaboot.autoconfigure.data.ScyllaDataAutoConfiguration;
import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.spring.core.admin.ScyllaAdminOperations;
import io.scyllaboot.spring.core.admin.ScyllaAdminTemplate;
import io.scyllaboot.spring.mapping.ScyllaMappingContext;
import org.junit.jupiter.api.Test;
import org.mockito.Mockito;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The {@code scyllaAdminTemplate} bean: on the session, and backing off for the application's. */
class ScyllaAdminAutoConfigurationTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withBean("testSession", CqlSession.class, () -> Mockito.mock(CqlSession.class))
          .withConfiguration(
              AutoConfigurations.of(
                  ScyllaAutoConfiguration.class,
                  ScyllaDataAutoConfiguration.class,
                  ScyllaAdminAutoConfiguration.class));

  @Test
  void should_define_the_admin_template_on_the_session_and_the_mapping() {
    runner.run(
        context -> {
          assertThat(context).hasNotFailed();
          ScyllaAdminTemplate admin =
              context.getBean("scyllaAdminTemplate", ScyllaAdminTemplate.class);
          assertThat(admin.getSession()).isSameAs(context.getBean(CqlSession.class));
          assertThat(admin.getMappingContext())
              .isSameAs(context.getBean(ScyllaMappingContext.class));
        });
  }

  @Test
  void should_back_off_for_the_applications_own_admin_operations() {
    ScyllaAdminOperations own = Mockito.mock(ScyllaAdminOperations.class);
    runner
        .withBean("myAdmin", ScyllaAdminOperations.class, () -> own)
        .run(
            context -> {
              assertThat(context).doesNotHaveBean("scyllaAdminTemplate");
              assertThat(context.getBean(ScyllaAdminOperations.class)).isSameAs(own);
            });
  }
}
