package io.scyllaboot.driver.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.api.error.ErrorCodes;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.testing.ByteWriter;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Version negotiation against a fake node that speaks only v4 and answers a v5 frame with a
 * PROTOCOL_ERROR in a v4 header, as Cassandra 3.x and ScyllaDB do.
 */
class ProtocolNegotiationTest {
  private EventLoopGroup group;
  private ServerSocket server;
  private final AtomicInteger v5Attempts = new AtomicInteger();

  @BeforeEach
  void start() throws IOException {
    group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    server = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
    Thread acceptor =
        new Thread(
            () -> {
              while (!server.isClosed()) {
                try {
                  Socket socket = server.accept();
                  Thread connection = new Thread(() -> serve(socket), "fake-v4-node");
                  connection.setDaemon(true);
                  connection.start();
                } catch (IOException e) {
                  return;
                }
              }
            },
            "fake-v4-node-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  @AfterEach
  void stop() throws IOException {
    server.close();
    group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS).syncUninterruptibly();
  }

  private void serve(Socket socket) {
    try (socket;
        DataInputStream in = new DataInputStream(socket.getInputStream());
        OutputStream out = socket.getOutputStream()) {
      while (true) {
        int version = in.readUnsignedByte();
        in.readUnsignedByte(); // flags
        int stream = in.readShort();
        int opcode = in.readUnsignedByte();
        in.skipNBytes(in.readInt());
        if (version != 4) {
          v5Attempts.incrementAndGet();
          ByteWriter body =
              new ByteWriter()
                  .writeInt(ErrorCodes.PROTOCOL_ERROR)
                  .writeString(
                      "Invalid or unsupported protocol version ("
                          + version
                          + "); supports 3/v3, 4/v4");
          out.write(frame(stream, Opcodes.ERROR, body));
        } else if (opcode == Opcodes.OPTIONS) {
          out.write(frame(stream, Opcodes.SUPPORTED, new ByteWriter().writeShort(0)));
        } else if (opcode == Opcodes.STARTUP) {
          out.write(frame(stream, Opcodes.READY, new ByteWriter()));
        }
        out.flush();
      }
    } catch (IOException e) {
      // the client closed the connection
    }
  }

  private static byte[] frame(int stream, int opcode, ByteWriter body) {
    return new ByteWriter()
        .writeByte(0x84)
        .writeByte(0)
        .writeShort(stream)
        .writeByte(opcode)
        .writeInt(body.size())
        .write(body)
        .toByteArray();
  }

  private ChannelFactory factory(int protocolVersion) {
    ConnectionOptions options =
        new ConnectionOptions(
            protocolVersion,
            java.time.Duration.ofSeconds(5),
            java.time.Duration.ofSeconds(5),
            16,
            16,
            1 << 20);
    return new ChannelFactory(group, options, "neg", null);
  }

  private InetSocketAddress address() {
    return new InetSocketAddress(server.getInetAddress(), server.getLocalPort());
  }

  @Test
  void should_fall_back_to_v4_and_remember_it() {
    ChannelFactory factory = factory(0);

    DriverChannel first =
        factory.connect(address(), null, event -> {}).toCompletableFuture().join();
    DriverChannel second =
        factory.connect(address(), null, event -> {}).toCompletableFuture().join();

    assertThat(first.protocolVersion()).isEqualTo(4);
    assertThat(second.protocolVersion()).isEqualTo(4);
    assertThat(v5Attempts).as("v5 is offered once per factory").hasValue(1);
    first.close().join();
    second.close().join();
  }

  @Test
  void should_not_downgrade_a_pinned_version() {
    assertThatThrownBy(
            () -> factory(5).connect(address(), null, event -> {}).toCompletableFuture().join())
        .hasCauseInstanceOf(ConnectionException.class)
        .hasMessageContaining("does not accept protocol v5")
        .hasMessageContaining("Invalid or unsupported protocol version");
  }
}
