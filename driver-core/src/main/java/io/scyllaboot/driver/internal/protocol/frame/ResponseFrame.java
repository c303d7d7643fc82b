package io.scyllaboot.driver.internal.protocol.frame;

import io.scyllaboot.driver.internal.protocol.message.Response;
import java.util.List;
import java.util.UUID;

/**
 * A decoded response: its stream id and message, and the warnings and tracing id from the header
 * flags (empty and null when absent).
 */
public record ResponseFrame(
    int streamId, Response message, List<String> warnings, UUID tracingId) {}
