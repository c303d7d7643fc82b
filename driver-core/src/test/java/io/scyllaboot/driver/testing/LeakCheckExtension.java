package io.scyllaboot.driver.testing;

import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails a test class when Netty reported a ByteBuf leak while it ran (or, for leaks found late,
 * while an earlier class ran: the report's access records say where). Registered for every test
 * class through JUnit's extension auto-detection.
 */
public final class LeakCheckExtension implements AfterAllCallback {
  @Override
  public void afterAll(ExtensionContext context) {
    if (!LeakRecorder.isInstalled()) {
      throw new AssertionError(
          "the leak recorder is not installed: LeakDetectorInstaller must be registered as a"
              + " LauncherSessionListener");
    }
    List<String> leaks = LeakRecorder.collectLeaks();
    if (!leaks.isEmpty()) {
      throw new AssertionError(
          leaks.size() + " ByteBuf leak(s) reported:\n" + String.join("\n\n", leaks));
    }
  }
}
