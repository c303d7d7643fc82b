package io.scyllaboot.driver.internal.protocol.message;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.internal.protocol.frame.FrameHeader;

/**
 * A request sent with a custom payload (header flag 0x04): the encoded {@code [bytes map]} goes
 * before the message body. A wrapper, so that requests without one (nearly all) carry nothing
 * extra.
 */
public record PayloadRequest(Request request, byte[] payload) implements Request {

  @Override
  public int opcode() {
    return request.opcode();
  }

  @Override
  public int headerFlags() {
    return request.headerFlags() | FrameHeader.FLAG_CUSTOM_PAYLOAD;
  }

  @Override
  public int encodedSize(int protocolVersion) {
    return payload.length + request.encodedSize(protocolVersion);
  }

  @Override
  public void encode(ByteBuf out, int protocolVersion) {
    out.writeBytes(payload);
    request.encode(out, protocolVersion);
  }

  @Override
  public int encodedSize(int protocolVersion, boolean metadataIds) {
    return payload.length + request.encodedSize(protocolVersion, metadataIds);
  }

  @Override
  public void encode(ByteBuf out, int protocolVersion, boolean metadataIds) {
    out.writeBytes(payload);
    request.encode(out, protocolVersion, metadataIds);
  }

  @Override
  public Request unwrapped() {
    return request.unwrapped();
  }
}
