package io.scyllaboot.driver.internal.protocol.message;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.internal.protocol.frame.FrameHeader;

/**
 * A request sent with the tracing flag: the server traces it and returns the tracing session id in
 * the response header. A wrapper, so that untraced requests (nearly all) carry nothing extra.
 */
public record TracedRequest(Request request) implements Request {

  @Override
  public int opcode() {
    return request.opcode();
  }

  @Override
  public int headerFlags() {
    return request.headerFlags() | FrameHeader.FLAG_TRACING;
  }

  @Override
  public int encodedSize(int protocolVersion) {
    return request.encodedSize(protocolVersion);
  }

  @Override
  public void encode(ByteBuf out, int protocolVersion) {
    request.encode(out, protocolVersion);
  }

  @Override
  public int encodedSize(int protocolVersion, boolean metadataIds) {
    return request.encodedSize(protocolVersion, metadataIds);
  }

  @Override
  public void encode(ByteBuf out, int protocolVersion, boolean metadataIds) {
    request.encode(out, protocolVersion, metadataIds);
  }

  @Override
  public Request unwrapped() {
    return request.unwrapped();
  }
}
