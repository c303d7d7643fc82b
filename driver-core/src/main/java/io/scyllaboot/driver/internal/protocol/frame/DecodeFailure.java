package io.scyllaboot.driver.internal.protocol.frame;

/** A frame that arrived whole but could not be decoded: only the request on its stream fails. */
public record DecodeFailure(int streamId, int opcode, Throwable cause) {}
