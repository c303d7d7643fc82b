package io.scyllaboot.driver.internal.connection;

/**
 * The free stream ids of one connection, as a stack: acquire and release are O(1) and allocate
 * nothing, and recently freed ids are reused first. Confined to the connection's event loop.
 *
 * <p>The ids are 1 to {@code count}: stream 0 is never lent to a request. Cassandra 5.0 (up to
 * 5.0.6 at least) answers a request that waited in its queue longer than {@code
 * native_transport_timeout} with an OVERLOADED error whose stream id it never sets, so it arrives
 * on stream 0; matched to a request holding 0, it would free that id while the node still owes its
 * answer, and that late answer would go to the next request given stream 0: another query's rows.
 * With 0 unused, such an error matches nothing.
 */
final class StreamIds {
  /** The most ids a connection can have: the positive signed 16-bit stream ids. */
  static final int MAX_COUNT = 32767;

  private final int[] free;
  private int top;

  StreamIds(int count) {
    if (count < 1 || count > MAX_COUNT) {
      throw new IllegalArgumentException(
          "stream id count must be in [1, " + MAX_COUNT + "], was " + count);
    }
    free = new int[count];
    for (int i = 0; i < count; i++) {
      free[i] = count - i;
    }
    top = count;
  }

  /** A free id (1 to the count), or -1 when every id is in use. */
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
