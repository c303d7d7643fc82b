package io.scyllaboot.driver.internal.protocol.message;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A request's custom payload as the protocol's {@code [bytes map]}, encoded once per request into
 * an array: every attempt, retry and speculative execution writes the same bytes.
 */
public final class CustomPayloads {
  private CustomPayloads() {}

  /**
   * The encoded map of {@code payload} plus, when {@code extraKey} is not null and the payload has
   * no entry of that name, {@code extraKey -> extraValue} (UTF-8); null when there is nothing.
   *
   * @throws IllegalArgumentException for more than 65,535 entries or a key longer than 65,535 bytes
   */
  public static byte @Nullable [] encode(
      Map<String, ByteBuffer> payload, @Nullable String extraKey, @Nullable String extraValue) {
    boolean extra = extraKey != null && extraValue != null && !payload.containsKey(extraKey);
    int count = payload.size() + (extra ? 1 : 0);
    if (count == 0) {
      return null;
    }
    if (count > 0xFFFF) {
      throw new IllegalArgumentException(
          "a custom payload holds at most 65535 entries, this one has " + count);
    }
    byte[][] keys = new byte[count][];
    ByteBuffer[] values = new ByteBuffer[count];
    int size = 2;
    int i = 0;
    for (Map.Entry<String, ByteBuffer> entry : payload.entrySet()) {
      keys[i] = key(entry.getKey());
      values[i] = entry.getValue();
      size += 2 + keys[i].length + 4 + (values[i] == null ? 0 : values[i].remaining());
      i++;
    }
    if (extra) {
      keys[i] = key(extraKey);
      values[i] = ByteBuffer.wrap(extraValue.getBytes(StandardCharsets.UTF_8));
      size += 2 + keys[i].length + 4 + values[i].remaining();
    }
    ByteBuffer out = ByteBuffer.allocate(size);
    out.putShort((short) count);
    for (int k = 0; k < count; k++) {
      out.putShort((short) keys[k].length).put(keys[k]);
      if (values[k] == null) {
        out.putInt(-1);
      } else {
        out.putInt(values[k].remaining()).put(values[k].duplicate());
      }
    }
    return out.array();
  }

  private static byte[] key(String key) {
    byte[] bytes = key.getBytes(StandardCharsets.UTF_8);
    if (bytes.length > 0xFFFF) {
      throw new IllegalArgumentException("custom payload key too long: " + bytes.length + " bytes");
    }
    return bytes;
  }
}
