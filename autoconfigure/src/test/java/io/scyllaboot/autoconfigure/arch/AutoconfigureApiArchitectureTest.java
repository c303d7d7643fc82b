package io.scyllaboot.autoconfigure.arch;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.scyllaboot.driver.testing.PublicApiRules;
import org.junit.jupiter.api.Test;

/**
 * The auto-configuration's public types (properties, customizers, beans an application overrides)
 * hand out no internal type.
 */
class AutoconfigureApiArchitectureTest {
  @Test
  void public_types_never_name_internal_types_in_their_signatures() {
    PublicApiRules.exposeNoInternalTypes("io.scyllaboot.autoconfigure..")
        .check(
            new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.scyllaboot.autoconfigure"));
  }
}
