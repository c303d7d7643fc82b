package io.scyllaboot.test.fakescylla;

import io.netty.buffer.ByteBuf;
import io.scyllaboot.driver.internal.protocol.Primitives;
import java.util.Arrays;

/**
 * The query parameters (v4) of a connection's current request: where each value is in its body and
 * whether to skip metadata. Reused from request to request; single-threaded, as its connection.
 */
final class QueryParameters {
  int valueCount;
  int[] valueOffsets = new int[8];
  int[] valueLengths = new int[8];
  boolean skipMetadata;

  /**
   * Reads the parameters. Strict, as a server is: a consistency out of range or bytes left after
   * the last parameter (a body laid out for another variant of the protocol) is a protocol error,
   * returned as its message; null when the parameters are well-formed.
   */
  String read(ByteBuf body) {
    try {
      return readUnchecked(body);
    } catch (IndexOutOfBoundsException e) {
      return "fake scylla: query parameters end early (" + e.getMessage() + ")";
    }
  }

  private String readUnchecked(ByteBuf body) {
    valueCount = 0;
    int consistency = body.readUnsignedShort();
    if (consistency > 0x000A) {
      return "fake scylla: unknown consistency 0x" + Integer.toHexString(consistency);
    }
    int flags = body.readUnsignedByte();
    skipMetadata = (flags & 0x02) != 0;
    if ((flags & 0x01) != 0) {
      int count = body.readUnsignedShort();
      if (count > valueOffsets.length) {
        valueOffsets = Arrays.copyOf(valueOffsets, count);
        valueLengths = Arrays.copyOf(valueLengths, count);
      }
      for (int i = 0; i < count; i++) {
        if ((flags & 0x40) != 0) {
          Primitives.skipString(body); // named values: taken in order, names ignored
        }
        int length = body.readInt();
        valueOffsets[i] = body.readerIndex();
        valueLengths[i] = length;
        if (length > 0) {
          body.skipBytes(length);
        }
      }
      valueCount = count;
    }
    int end = body.readerIndex();
    if ((flags & 0x04) != 0) {
      body.skipBytes(4); // page size
    }
    if ((flags & 0x08) != 0) {
      int length = body.readInt();
      body.skipBytes(Math.max(length, 0)); // paging state
    }
    if ((flags & 0x10) != 0) {
      body.skipBytes(2); // serial consistency
    }
    if ((flags & 0x20) != 0) {
      body.skipBytes(8); // timestamp
    }
    if (body.isReadable()) {
      return "fake scylla: " + body.readableBytes() + " bytes left after the query parameters";
    }
    body.readerIndex(end); // the values stay addressable from where they end
    return null;
  }
}
