package io.scyllaboot.test.fakescylla;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A blocking protocol v4 client on java.nio, written for these tests: one request at a time,
 * optionally from a chosen local port. Independent of the fake's own encoding.
 */
final class RawCqlClient implements AutoCloseable {
  static final int ERROR = 0x00;
  static final int READY = 0x02;
  static final int SUPPORTED = 0x06;
  static final int RESULT = 0x08;

  /** A response frame. */
  record Frame(int version, int flags, int stream, int opcode, ByteBuffer body) {
    int errorCode() {
      return body.duplicate().getInt();
    }
  }

  private final SocketChannel channel;
  private int stream;

  private RawCqlClient(SocketChannel channel) {
    this.channel = channel;
  }

  static RawCqlClient connect(InetSocketAddress server) throws IOException {
    return connect(server, 0);
  }

  /** Connects from {@code localPort} (0: any). */
  static RawCqlClient connect(InetSocketAddress server, int localPort) throws IOException {
    SocketChannel channel = SocketChannel.open();
    try {
      channel.bind(new InetSocketAddress(server.getAddress(), localPort));
      channel.connect(server);
      return new RawCqlClient(channel);
    } catch (IOException e) {
      channel.close();
      throw e;
    }
  }

  int localPort() throws IOException {
    return ((InetSocketAddress) channel.getLocalAddress()).getPort();
  }

  Frame send(int version, int opcode, ByteBuffer body) throws IOException {
    ByteBuffer frame = ByteBuffer.allocate(9 + body.remaining());
    frame.put((byte) version).put((byte) 0).putShort((short) ++stream).put((byte) opcode);
    frame.putInt(body.remaining()).put(body).flip();
    while (frame.hasRemaining()) {
      channel.write(frame);
    }
    ByteBuffer header = read(9);
    int length = header.getInt(5);
    return new Frame(
        header.get(0) & 0xFF,
        header.get(1) & 0xFF,
        header.getShort(2),
        header.get(4),
        read(length));
  }

  Map<String, List<String>> options() throws IOException {
    Frame frame = send(4, 0x05, ByteBuffer.allocate(0));
    if (frame.opcode() != SUPPORTED) {
      throw new IllegalStateException("OPTIONS answered with opcode " + frame.opcode());
    }
    ByteBuffer in = frame.body();
    Map<String, List<String>> result = new LinkedHashMap<>();
    int keys = in.getShort();
    for (int i = 0; i < keys; i++) {
      String key = string(in);
      List<String> values = new ArrayList<>();
      int count = in.getShort();
      for (int j = 0; j < count; j++) {
        values.add(string(in));
      }
      result.put(key, values);
    }
    return result;
  }

  Frame startup(Map<String, String> options) throws IOException {
    Map<String, String> all = new LinkedHashMap<>();
    all.put("CQL_VERSION", "3.0.0");
    all.putAll(options);
    Body body = new Body().putShort(all.size());
    all.forEach((k, v) -> body.string(k).string(v));
    return send(4, 0x01, body.done());
  }

  Frame prepare(String query) throws IOException {
    return send(4, 0x09, new Body().longString(query).done());
  }

  /** The prepared id of a PREPARED result; the result metadata id follows when negotiated. */
  static byte[] preparedId(Frame prepared) {
    ByteBuffer in = prepared.body().duplicate();
    if (prepared.opcode() != RESULT || in.getInt() != 4) {
      throw new IllegalStateException("not PREPARED: opcode " + prepared.opcode());
    }
    byte[] id = new byte[in.getShort()];
    in.get(id);
    return id;
  }

  /** EXECUTE (v4) with the given values; {@code metadataId} (non-null) follows the id. */
  Frame execute(byte[] id, byte[] metadataId, int flags, byte[]... values) throws IOException {
    Body body = new Body().shortBytes(id);
    if (metadataId != null) {
      body.shortBytes(metadataId);
    }
    body.putShort(0x0001).putByte(flags | (values.length > 0 ? 0x01 : 0));
    if (values.length > 0) {
      body.putShort(values.length);
      for (byte[] value : values) {
        body.putInt(value.length).put(value);
      }
    }
    return send(4, 0x0A, body.done());
  }

  static byte[] intValue(int value) {
    return ByteBuffer.allocate(4).putInt(value).array();
  }

  static String string(ByteBuffer in) {
    byte[] bytes = new byte[in.getShort() & 0xFFFF];
    in.get(bytes);
    return new String(bytes, StandardCharsets.UTF_8);
  }

  private ByteBuffer read(int length) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocate(length);
    while (buffer.hasRemaining()) {
      if (channel.read(buffer) < 0) {
        throw new IOException("connection closed by the fake node");
      }
    }
    return buffer.flip();
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }

  /** A growing request body. */
  static final class Body {
    private ByteBuffer buffer = ByteBuffer.allocate(256);

    private Body ensure(int bytes) {
      if (buffer.remaining() < bytes) {
        ByteBuffer bigger = ByteBuffer.allocate((buffer.capacity() + bytes) * 2);
        buffer.flip();
        bigger.put(buffer);
        buffer = bigger;
      }
      return this;
    }

    Body putByte(int value) {
      ensure(1).buffer.put((byte) value);
      return this;
    }

    Body putShort(int value) {
      ensure(2).buffer.putShort((short) value);
      return this;
    }

    Body putInt(int value) {
      ensure(4).buffer.putInt(value);
      return this;
    }

    Body put(byte[] bytes) {
      ensure(bytes.length).buffer.put(bytes);
      return this;
    }

    Body string(String value) {
      byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
      return putShort(bytes.length).put(bytes);
    }

    Body longString(String value) {
      byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
      return putInt(bytes.length).put(bytes);
    }

    Body shortBytes(byte[] bytes) {
      return putShort(bytes.length).put(bytes);
    }

    ByteBuffer done() {
      return buffer.flip();
    }
  }
}
