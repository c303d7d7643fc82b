package io.scyllaboot.driver.testing;

import java.util.ArrayDeque;
import java.util.Deque;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Closes what a test opened (fake clusters, sessions), newest first, after each test: registered as
 * a {@code @RegisterExtension} field, so a test class needs no tear-down of its own.
 */
public final class CloseAfterEach implements AfterEachCallback {
  private final Deque<AutoCloseable> opened = new ArrayDeque<>();

  /** Returns {@code resource}, to be closed after the current test. */
  public <T extends AutoCloseable> T add(T resource) {
    opened.push(resource);
    return resource;
  }

  @Override
  public void afterEach(ExtensionContext context) throws Exception {
    Exception failure = null;
    while (!opened.isEmpty()) {
      try {
        opened.pop().close();
      } catch (Exception e) {
        if (failure == null) {
          failure = e;
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    if (failure != null) {
      throw failure;
    }
  }
}
