package io.scyllaboot.driver.testing;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A hostile server for tests: a TCP proxy on a loopback port that forwards each connection to a
 * node and corrupts, with a seeded random choice, the node's answers to QUERY, EXECUTE, BATCH and
 * PREPARE on data connections (never on the control connection, the one that sends REGISTER, nor
 * during the handshake or for heartbeats). Protocol v4 frames only (v5 segments carry checksums).
 * Blocking threads, two per connection.
 */
public final class MutatingProxy implements AutoCloseable {
  private static final int QUERY = 0x07;
  private static final int PREPARE = 0x09;
  private static final int EXECUTE = 0x0A;
  private static final int REGISTER = 0x0B;
  private static final int BATCH = 0x0D;

  private final InetSocketAddress target;
  private final ServerSocket server;
  private final long seed;
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final AtomicInteger connections = new AtomicInteger();
  private final AtomicInteger applied = new AtomicInteger();
  private volatile FrameMutation mutation;
  private volatile double probability;

  public MutatingProxy(InetSocketAddress target, long seed) throws IOException {
    this.target = target;
    this.seed = seed;
    this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread acceptor = new Thread(this::accept, "mutating-proxy-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  public InetSocketAddress address() {
    return new InetSocketAddress(server.getInetAddress(), server.getLocalPort());
  }

  /** Corrupts each answer to a statement with {@code kind}, with the given probability. */
  public void mutate(FrameMutation kind, double chance) {
    this.probability = chance;
    this.mutation = kind;
    this.applied.set(0);
  }

  /** Forwards everything unchanged from now on. */
  public void stopMutating() {
    this.mutation = null;
  }

  /** Frames corrupted since the last {@link #mutate}. */
  public int applied() {
    return applied.get();
  }

  private void accept() {
    while (!server.isClosed()) {
      try {
        Socket client = server.accept();
        Socket upstream = new Socket(target.getAddress(), target.getPort());
        client.setTcpNoDelay(true);
        upstream.setTcpNoDelay(true);
        sockets.add(client);
        sockets.add(upstream);
        Connection connection =
            new Connection(client, upstream, new Random(seed + connections.incrementAndGet()));
        start(connection::requests, "mutating-proxy-requests");
        start(connection::responses, "mutating-proxy-responses");
      } catch (IOException e) {
        return; // closed
      }
    }
  }

  private static void start(Runnable pump, String name) {
    Thread thread = new Thread(pump, name);
    thread.setDaemon(true);
    thread.start();
  }

  /** One proxied connection: which request each stream carries, and whether it is the control. */
  private final class Connection {
    private final Socket client;
    private final Socket upstream;
    private final Random random;
    private final Map<Integer, Integer> requestOpcodes = new ConcurrentHashMap<>();
    private volatile boolean control;

    Connection(Socket client, Socket upstream, Random random) {
      this.client = client;
      this.upstream = upstream;
      this.random = random;
    }

    /** Client to node: forwarded as read, frame by frame, noting each request's opcode. */
    void requests() {
      try (DataInputStream in = new DataInputStream(client.getInputStream())) {
        OutputStream out = upstream.getOutputStream();
        while (true) {
          byte[] frame = readFrame(in);
          int opcode = frame[4] & 0xFF;
          if (opcode == REGISTER) {
            control = true;
          }
          requestOpcodes.put((int) (short) FrameMutation.getShort(frame, 2), opcode);
          out.write(frame);
          out.flush();
        }
      } catch (IOException e) {
        closeBoth();
      }
    }

    /** Node to client: each frame forwarded, or corrupted when it answers a statement. */
    void responses() {
      try (DataInputStream in = new DataInputStream(upstream.getInputStream())) {
        OutputStream out = client.getOutputStream();
        while (true) {
          byte[] frame = readFrame(in);
          Integer request = requestOpcodes.remove((int) (short) FrameMutation.getShort(frame, 2));
          FrameMutation kind = mutation;
          boolean statement =
              request != null
                  && (request == QUERY
                      || request == EXECUTE
                      || request == BATCH
                      || request == PREPARE);
          if (kind == null || control || !statement || random.nextDouble() >= probability) {
            out.write(frame);
            out.flush();
            continue;
          }
          FrameMutation.Output output = kind.apply(frame, random);
          if (output.applied()) {
            applied.incrementAndGet();
          }
          for (byte[] chunk : output.chunks()) {
            out.write(chunk);
          }
          out.flush();
          if (output.close()) {
            closeBoth();
            return;
          }
        }
      } catch (IOException e) {
        closeBoth();
      }
    }

    private void closeBoth() {
      closeQuietly(client);
      closeQuietly(upstream);
    }
  }

  private static byte[] readFrame(DataInputStream in) throws IOException {
    byte[] header = new byte[9];
    in.readFully(header);
    int length = FrameMutation.getInt(header, 5);
    if (length < 0 || length > 64 * 1024 * 1024) {
      throw new IOException("proxy: unframeable length " + length);
    }
    byte[] frame = java.util.Arrays.copyOf(header, 9 + length);
    in.readFully(frame, 9, length);
    return frame;
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException ignored) {
      // already closed
    }
  }

  @Override
  public void close() throws IOException {
    server.close();
    for (Socket socket : sockets) {
      closeQuietly(socket);
    }
  }
}
