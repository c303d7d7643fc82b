package io.scyllaboot.driver.testing;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.ResourceLeakDetectorFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Records every leak Netty's leak detector reports, so that tests can fail on it. Installed before
 * any test class loads Netty's buffers, by {@link LeakDetectorInstaller}.
 */
public final class LeakRecorder {
  private static final Queue<String> LEAKS = new ConcurrentLinkedQueue<>();
  private static volatile boolean installed;

  private LeakRecorder() {}

  static synchronized void install() {
    if (!installed) {
      ResourceLeakDetectorFactory.setResourceLeakDetectorFactory(new RecordingFactory());
      installed = true;
    }
  }

  public static boolean isInstalled() {
    return installed;
  }

  /**
   * Collects garbage a few times and lets the detector poll its queue (it does so on every
   * allocation at the paranoid level), then returns and clears what was reported.
   */
  public static List<String> collectLeaks() {
    for (int round = 0; round < 4; round++) {
      System.gc();
      for (int i = 0; i < 8; i++) {
        ByteBuf probe = PooledByteBufAllocator.DEFAULT.directBuffer(1);
        probe.release();
        ByteBuf heapProbe = PooledByteBufAllocator.DEFAULT.heapBuffer(1);
        heapProbe.release();
      }
      Thread.yield();
    }
    List<String> leaks = new ArrayList<>();
    String leak;
    while ((leak = LEAKS.poll()) != null) {
      leaks.add(leak);
    }
    return leaks;
  }

  private static final class RecordingFactory extends ResourceLeakDetectorFactory {
    @Override
    public <T> ResourceLeakDetector<T> newResourceLeakDetector(
        Class<T> resource, int samplingInterval, long maxActive) {
      return new RecordingDetector<>(resource, samplingInterval);
    }

    @Override
    public <T> ResourceLeakDetector<T> newResourceLeakDetector(
        Class<T> resource, int samplingInterval) {
      return new RecordingDetector<>(resource, samplingInterval);
    }
  }

  private static final class RecordingDetector<T> extends ResourceLeakDetector<T> {
    RecordingDetector(Class<?> resourceType, int samplingInterval) {
      super(resourceType, samplingInterval);
    }

    @Override
    protected void reportTracedLeak(String resourceType, String records) {
      LEAKS.add("LEAK: " + resourceType + " was not released" + records);
      super.reportTracedLeak(resourceType, records);
    }

    @Override
    protected void reportUntracedLeak(String resourceType) {
      LEAKS.add("LEAK: " + resourceType + " was not released (untraced)");
      super.reportUntracedLeak(resourceType);
    }
  }
}
