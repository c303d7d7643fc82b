package io.scyllaboot.driver.testing;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/** Installs {@link LeakRecorder} when the test run starts, before any test class is loaded. */
public final class LeakDetectorInstaller implements LauncherSessionListener {
  @Override
  public void launcherSessionOpened(LauncherSession session) {
    LeakRecorder.install();
  }
}
