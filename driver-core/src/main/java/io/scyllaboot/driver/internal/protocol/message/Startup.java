package io.scyllaboot.driver.internal.protocol.message;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.Primitives;
import java.util.Map;

/** STARTUP: the connection's options, at least {@code CQL_VERSION}. */
public record Startup(Map<String, String> options) implements Request {

  public Startup {
    options = Map.copyOf(options);
  }

  @Override
  public int opcode() {
    return Opcodes.STARTUP;
  }

  @Override
  public int encodedSize(int protocolVersion) {
    return Primitives.sizeOfStringMap(options);
  }

  @Override
  public void encode(ByteBuf out, int protocolVersion) {
    Primitives.writeStringMap(out, options);
  }
}
