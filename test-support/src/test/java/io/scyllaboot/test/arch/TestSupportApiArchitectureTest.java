package io.scyllaboot.test.arch;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.scyllaboot.driver.testing.PublicApiRules;
import org.junit.jupiter.api.Test;

/**
 * What an application's tests use (the local node, the test slice, the fake ScyllaDB cluster) hands
 * out no internal type, though the fake cluster is built on the driver's codec.
 */
class TestSupportApiArchitectureTest {
  @Test
  void public_types_never_name_internal_types_in_their_signatures() {
    PublicApiRules.exposeNoInternalTypes("io.scyllaboot.test..")
        .check(
            new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.scyllaboot.test"));
  }
}
