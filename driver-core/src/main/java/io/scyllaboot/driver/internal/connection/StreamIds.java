package io.scyllaboot.driver.internal.connection;

/**
 * The free stream ids of one connection, as a stack: acquire and release are O(1) and allocate
 * nothing, and recently freed ids are reused first. Confined to the connection's event loop.
 */
final class StreamIds {
  private final int[] free;
  private int top;

  StreamIds(int count) {
    if (count < 1 || count > 32768) {
      throw new IllegalArgumentException("stream id count must be in [1, 32768], was " + count);
    }
    free = new int[count];
    for (int i = 0; i < count; i++) {
      free[i] = count - 1 - i;
    }
    top = count;
  }

  /** A free id, or -1 when every id is in use. */
  int acquire() {
    return top == 0 ? -1 : free[--top];
  }

  void release(int id) {
    free[top++] = id;
  }

  int available() {
    return top;
  }

  int capacity() {
    return free.length;
  }
}
