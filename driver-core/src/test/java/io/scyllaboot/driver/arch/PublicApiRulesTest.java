package io.scyllaboot.driver.arch;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import io.scyllaboot.driver.testing.PublicApiRules;
import io.scyllaboot.driver.testing.apifixture.api.Clean;
import io.scyllaboot.driver.testing.apifixture.api.Leaky;
import io.scyllaboot.driver.testing.apifixture.internal.Hidden;
import org.junit.jupiter.api.Test;

/** The rule the published modules check finds every way a signature can hand out internals. */
class PublicApiRulesTest {
  private static final String API = "io.scyllaboot.driver.testing.apifixture.api..";

  @Test
  void should_report_supertypes_fields_parameters_returns_and_bounds_that_name_internals() {
    JavaClasses leaky = new ClassFileImporter().importClasses(Leaky.class, Hidden.class);
    assertThatThrownBy(() -> PublicApiRules.exposeNoInternalTypes(API).check(leaky))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining(Leaky.class.getName() + " extends " + Hidden.class.getName())
        .hasMessageContaining(Leaky.class.getName() + " implements " + Hidden.class.getName())
        .hasMessageContaining(Leaky.class.getName() + ".field " + Hidden.class.getName())
        .hasMessageContaining(".<init>(java.util.List) takes " + Hidden.class.getName())
        .hasMessageContaining(".get() returns " + Hidden.class.getName())
        .hasMessageContaining(".bounded(" + Hidden.class.getName() + ") takes")
        .hasMessageNotContaining("describe()")
        .hasMessageNotContaining("packagePrivate()");
  }

  @Test
  void should_allow_internals_in_bodies_private_fields_and_package_private_classes()
      throws Exception {
    Class<?> helper = Class.forName(Clean.class.getName() + "$Helper");
    JavaClasses clean = new ClassFileImporter().importClasses(Clean.class, helper, Hidden.class);
    assertThatCode(() -> PublicApiRules.exposeNoInternalTypes(API).check(clean))
        .doesNotThrowAnyException();
  }
}
