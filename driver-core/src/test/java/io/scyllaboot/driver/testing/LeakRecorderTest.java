package io.scyllaboot.driver.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Proves that the leak recorder sees a leak: a pooled direct buffer is dropped without being
 * released, and after garbage collection the recorder holds its report. {@link
 * LeakRecorder#collectLeaks()} clears what it returns, so this class's own after-all leak check
 * passes.
 */
class LeakRecorderTest {
  private static final String MARKER = "LeakRecorderTest: deliberately leaked buffer";
  private static final int MAX_ROUNDS = 20;

  @Test
  void should_record_leak_when_unreleased_buffer_is_garbage_collected() {
    assertThat(LeakRecorder.isInstalled()).isTrue();
    assertThat(ResourceLeakDetector.getLevel()).isEqualTo(ResourceLeakDetector.Level.PARANOID);

    leakOneBuffer();

    List<String> leaks = new ArrayList<>();
    for (int round = 0; round < MAX_ROUNDS && leaks.stream().noneMatch(this::isOurs); round++) {
      leaks.addAll(LeakRecorder.collectLeaks());
    }

    assertThat(leaks)
        .as("leaks recorded after %d rounds of collection", MAX_ROUNDS)
        .anyMatch(this::isOurs);
    // Anything else was leaked by another class: surface it instead of swallowing it.
    assertThat(leaks).allMatch(this::isOurs);
  }

  /** Allocates and drops a buffer; once this method returns nothing references it. */
  private static void leakOneBuffer() {
    ByteBuf leaked = PooledByteBufAllocator.DEFAULT.directBuffer(64);
    leaked.writeLong(0xDEADBEEFL);
    leaked.touch(MARKER);
  }

  private boolean isOurs(String leak) {
    return leak.contains(MARKER);
  }
}
