package io.scyllaboot.test.data;

import org.springframework.boot.test.autoconfigure.TestSliceTestContextBootstrapper;

/** Reads {@link DataScyllaTest#properties()} into the test's environment. */
class DataScyllaTestContextBootstrapper extends TestSliceTestContextBootstrapper<DataScyllaTest> {}
