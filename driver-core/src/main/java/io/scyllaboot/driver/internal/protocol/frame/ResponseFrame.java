package io.scyllaboot.driver.internal.protocol.frame;

import io.scyllaboot.driver.internal.protocol.message.Response;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A decoded response: its stream id and message, and the warnings, tracing id and custom payload
 * from the header flags (empty, null and empty when absent).
 */
public record ResponseFrame(
    int streamId,
    Response message,
    List<String> warnings,
    UUID tracingId,
    Map<String, ByteBuffer> customPayload) {

  public ResponseFrame(int streamId, Response message, List<String> warnings, UUID tracingId) {
    this(streamId, message, warnings, tracingId, Map.of());
  }
}
