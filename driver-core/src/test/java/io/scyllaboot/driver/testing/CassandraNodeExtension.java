package io.scyllaboot.driver.testing;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/** For integration tests: makes sure the shared real node is up before the class runs. */
public final class CassandraNodeExtension implements BeforeAllCallback {
  @Override
  public void beforeAll(ExtensionContext context) {
    CassandraNode.ensureRunning();
  }
}
