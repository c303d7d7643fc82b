package io.scyllaboot.driver.internal.protocol.message;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.Primitives;

/** AUTH_RESPONSE: a SASL token. */
public record AuthResponse(byte[] token) implements Request {

  @Override
  public int opcode() {
    return Opcodes.AUTH_RESPONSE;
  }

  @Override
  public int encodedSize(int protocolVersion) {
    return Primitives.sizeOfBytes(token);
  }

  @Override
  public void encode(ByteBuf out, int protocolVersion) {
    Primitives.writeBytes(out, token);
  }
}
