package io.scyllaboot.driver.testing;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/** For integration tests: makes sure the password-authenticated node is up before the class. */
public final class AuthNodeExtension implements BeforeAllCallback {
  @Override
  public void beforeAll(ExtensionContext context) {
    SecuredNode.AUTH.ensureRunning();
  }
}
