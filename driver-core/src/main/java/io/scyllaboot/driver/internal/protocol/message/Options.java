package io.scyllaboot.driver.internal.protocol.message;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.internal.protocol.Opcodes;

/** OPTIONS: asks the node which startup options it supports; also the heartbeat. */
public enum Options implements Request {
  INSTANCE;

  @Override
  public int opcode() {
    return Opcodes.OPTIONS;
  }

  @Override
  public int encodedSize(int protocolVersion) {
    return 0;
  }

  @Override
  public void encode(ByteBuf out, int protocolVersion) {}
}
