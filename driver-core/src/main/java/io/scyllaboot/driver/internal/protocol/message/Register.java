package io.scyllaboot.driver.internal.protocol.message;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.Primitives;
import java.util.List;

/** REGISTER: subscribes the connection to server events. */
public record Register(List<String> eventTypes) implements Request {

  public Register {
    eventTypes = List.copyOf(eventTypes);
  }

  @Override
  public int opcode() {
    return Opcodes.REGISTER;
  }

  @Override
  public int encodedSize(int protocolVersion) {
    return Primitives.sizeOfStringList(eventTypes);
  }

  @Override
  public void encode(ByteBuf out, int protocolVersion) {
    Primitives.writeStringList(out, eventTypes);
  }
}
