package io.scyllaboot.driver.internal.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.scyllaboot.driver.api.Compression;
import io.scyllaboot.driver.api.auth.AuthProvider;
import io.scyllaboot.driver.api.auth.Authenticator;
import io.scyllaboot.driver.api.error.AuthenticationException;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.message.Query;
import io.scyllaboot.driver.internal.protocol.message.QueryOptions;
import io.scyllaboot.driver.internal.protocol.message.Result;
import io.scyllaboot.driver.testing.ByteWriter;
import io.scyllaboot.driver.testing.fakenode.FakeCluster;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Limits a connection enforces on its own side: the size of an outgoing frame, refused before
 * sending with the connection left healthy, and the number of SASL challenge rounds a node may ask
 * for.
 */
class ConnectionLimitsTest {
  private static final int PORT = 19143;

  private EventLoopGroup group;

  @BeforeEach
  void start() {
    group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
  }

  @AfterEach
  void stop() {
    group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS).syncUninterruptibly();
  }

  private ChannelFactory factory(int maxFrameLength, @Nullable AuthProvider auth) {
    ConnectionOptions options =
        new ConnectionOptions(
            4,
            Duration.ofSeconds(2),
            Duration.ofSeconds(2),
            16,
            16,
            maxFrameLength,
            Duration.ZERO,
            Compression.NONE,
            null,
            true,
            auth);
    return new ChannelFactory(group, options, "limits", null);
  }

  private static Query query(String cql) {
    return new Query(
        cql, new QueryOptions(1, null, false, 0, null, -1, QueryOptions.NO_TIMESTAMP, null));
  }

  @Test
  void should_refuse_a_frame_above_the_limit_before_sending_and_stay_healthy() {
    try (FakeCluster cluster = new FakeCluster(1, PORT)) {
      DriverChannel channel =
          factory(64 * 1024, null)
              .connect(cluster.node(0).address(), null, event -> {})
              .toCompletableFuture()
              .join();
      String huge = "SELECT '" + "x".repeat(100_000) + "' FROM ks.tbl";

      assertThatThrownBy(() -> channel.send(query(huge), Duration.ofSeconds(2).toNanos()))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("QUERY")
          .hasMessageContaining("exceeds the maximum frame length of 65536 bytes");

      assertThat(
              channel
                  .send(query("SELECT v FROM ks.tbl"), Duration.ofSeconds(2).toNanos())
                  .join()
                  .message())
          .isInstanceOf(Result.Void.class);
      assertThat(channel.isOpen()).isTrue();
      assertThat(channel.inFlightCount()).isZero();
      assertThat(cluster.node(0).received(Opcodes.QUERY)).hasSize(1);
      channel.close().join();
    }
  }

  /** A node that asks for authentication, then challenges every response, forever. */
  private static int serveEndlessChallenges(ServerSocket server, AtomicInteger responses) {
    try (Socket socket = server.accept();
        DataInputStream in = new DataInputStream(socket.getInputStream());
        OutputStream out = socket.getOutputStream()) {
      while (true) {
        in.readUnsignedByte(); // version
        in.readUnsignedByte(); // flags
        int stream = in.readShort();
        int opcode = in.readUnsignedByte();
        in.skipNBytes(in.readInt());
        ByteWriter body = new ByteWriter();
        int answer;
        if (opcode == Opcodes.OPTIONS) {
          answer = Opcodes.SUPPORTED;
          body.writeShort(0);
        } else if (opcode == Opcodes.STARTUP) {
          answer = Opcodes.AUTHENTICATE;
          body.writeString("com.example.EndlessAuthenticator");
        } else {
          responses.incrementAndGet();
          answer = Opcodes.AUTH_CHALLENGE;
          body.writeBytes(new byte[] {1, 2, 3});
        }
        out.write(
            new ByteWriter()
                .writeByte(0x84)
                .writeByte(0)
                .writeShort(stream)
                .writeByte(answer)
                .writeInt(body.size())
                .write(body)
                .toByteArray());
        out.flush();
      }
    } catch (IOException e) {
      return responses.get(); // the driver closed the connection
    }
  }

  @Test
  void should_give_up_authentication_after_a_bounded_number_of_challenges() throws Exception {
    AtomicInteger responses = new AtomicInteger();
    AuthProvider endless =
        (node, serverAuthenticator) ->
            new Authenticator() {
              @Override
              public CompletionStage<byte @Nullable []> initialResponse() {
                return CompletableFuture.completedFuture(new byte[] {0});
              }

              @Override
              public CompletionStage<byte @Nullable []> evaluateChallenge(
                  byte @Nullable [] challenge) {
                return CompletableFuture.completedFuture(new byte[] {0});
              }

              @Override
              public CompletionStage<Void> onAuthenticationSuccess(byte @Nullable [] token) {
                return CompletableFuture.completedFuture(null);
              }
            };
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      CompletableFuture<Integer> served =
          CompletableFuture.supplyAsync(() -> serveEndlessChallenges(server, responses));
      InetSocketAddress address =
          new InetSocketAddress(server.getInetAddress(), server.getLocalPort());

      assertThatThrownBy(
              () ->
                  factory(1 << 20, endless)
                      .connect(address, null, e -> {})
                      .toCompletableFuture()
                      .join())
          .hasCauseInstanceOf(AuthenticationException.class)
          .hasMessageContaining("more than " + Handshake.MAX_SASL_ROUNDS + " challenges");
      assertThat(served.get(5, TimeUnit.SECONDS)).isEqualTo(Handshake.MAX_SASL_ROUNDS + 1);
    }
  }
}
