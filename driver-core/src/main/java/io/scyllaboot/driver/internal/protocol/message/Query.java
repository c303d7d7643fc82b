package io.scyllaboot.driver.internal.protocol.message;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.Primitives;

/** QUERY: a CQL string with its parameters. */
public record Query(String query, QueryOptions options) implements Request {

  @Override
  public int opcode() {
    return Opcodes.QUERY;
  }

  @Override
  public int encodedSize(int protocolVersion) {
    return Primitives.sizeOfLongString(query) + options.encodedSize(protocolVersion);
  }

  @Override
  public void encode(ByteBuf out, int protocolVersion) {
    Primitives.writeLongString(out, query);
    options.encode(out, protocolVersion);
  }
}
