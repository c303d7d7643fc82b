package io.scyllaboot.spring.arch;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.scyllaboot.driver.testing.PublicApiRules;
import org.junit.jupiter.api.Test;

/** Every public type of the Spring library is API: none hands out the driver's internals. */
class SpringApiArchitectureTest {
  @Test
  void public_types_never_name_internal_types_in_their_signatures() {
    PublicApiRules.exposeNoInternalTypes("io.scyllaboot.spring..")
        .check(
            new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.scyllaboot.spring"));
  }
}
