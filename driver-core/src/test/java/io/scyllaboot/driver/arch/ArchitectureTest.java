package io.scyllaboot.driver.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.scyllaboot.driver.testing.PublicApiRules;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The dependency rules of the driver's packages (see STYLE.md, section 8). */
class ArchitectureTest {
  private static JavaClasses classes;

  @BeforeAll
  static void importClasses() {
    classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.scyllaboot.driver");
  }

  @Test
  void api_never_depends_on_internal_except_the_session_and_mapper_factories() {
    noClasses()
        .that()
        .resideInAPackage("io.scyllaboot.driver.api..")
        .and()
        .doNotHaveSimpleName("CqlSessionBuilder")
        .and()
        .doNotHaveSimpleName("SessionRoutingOptions") // the builder's routing half, package-private
        .and()
        .doNotHaveSimpleName("MapperBuilder")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.scyllaboot.driver.internal..")
        .check(classes);
  }

  @Test
  void api_signatures_never_name_internal_types() {
    // Also CqlSessionBuilder, which builds internals but must not hand them out.
    PublicApiRules.exposeNoInternalTypes("io.scyllaboot.driver.api..").check(classes);
  }

  @Test
  void api_never_exposes_netty() {
    noClasses()
        .that()
        .resideInAPackage("io.scyllaboot.driver.api..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.netty..")
        .check(classes);
  }

  @Test
  void protocol_knows_no_connection_session_or_cql() {
    noClasses()
        .that()
        .resideInAPackage("io.scyllaboot.driver.internal.protocol..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "io.scyllaboot.driver.internal.connection..",
            "io.scyllaboot.driver.internal.session..",
            "io.scyllaboot.driver.internal.cql..")
        .check(classes);
  }

  @Test
  void only_the_frame_decoder_touches_netty_channels_in_the_protocol_layer() {
    noClasses()
        .that()
        .resideInAPackage("io.scyllaboot.driver.internal.protocol..")
        .and()
        .doNotHaveSimpleName("FrameDecoder")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.netty.channel..")
        .check(classes);
  }

  @Test
  void cql_never_depends_on_session_and_connection_never_on_cql() {
    noClasses()
        .that()
        .resideInAPackage("io.scyllaboot.driver.internal.cql..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.scyllaboot.driver.internal.session..")
        .check(classes);
    noClasses()
        .that()
        .resideInAPackage("io.scyllaboot.driver.internal.connection..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "io.scyllaboot.driver.internal.cql..", "io.scyllaboot.driver.internal.session..")
        .check(classes);
  }
}
