package io.scyllaboot.test;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/** Makes sure the local node is up before the test class runs. */
public final class LocalScyllaNodeExtension implements BeforeAllCallback {
  @Override
  public void beforeAll(ExtensionContext context) {
    LocalScyllaNode.shared().ensureRunning();
  }
}
