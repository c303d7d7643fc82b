package io.scyllaboot.driver.testing;

import io.netty.buffer.AbstractByteBufAllocator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledDirectByteBuf;
import io.netty.buffer.UnpooledHeapByteBuf;

/**
 * An unpooled allocator that remembers the largest initial capacity asked of it: shows that a
 * decoder given a forged length allocated nothing of that size.
 */
public final class RecordingAllocator extends AbstractByteBufAllocator {
  private volatile int largest;

  public RecordingAllocator() {
    super(false);
  }

  /** Forgets what was asked so far, for example the input built for a test. */
  public synchronized void reset() {
    largest = 0;
  }

  @Override
  public boolean isDirectBufferPooled() {
    return false;
  }

  /** The largest initial capacity asked for so far, in bytes. */
  public int largest() {
    return largest;
  }

  @Override
  protected ByteBuf newHeapBuffer(int initialCapacity, int maxCapacity) {
    record(initialCapacity);
    return new UnpooledHeapByteBuf(this, initialCapacity, maxCapacity);
  }

  @Override
  protected ByteBuf newDirectBuffer(int initialCapacity, int maxCapacity) {
    record(initialCapacity);
    return new UnpooledDirectByteBuf(this, initialCapacity, maxCapacity);
  }

  private synchronized void record(int capacity) {
    largest = Math.max(largest, capacity);
  }
}
