package io.scyllaboot.driver.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP proxy on a loopback port that forwards every connection to a target and counts the bytes in
 * each direction: how tests measure what a configuration puts on the wire. Blocking threads, one
 * pair per connection; for tests only.
 */
public final class CountingProxy implements AutoCloseable {
  private final InetSocketAddress target;
  private final ServerSocket server;
  private final AtomicLong toServer = new AtomicLong();
  private final AtomicLong toClient = new AtomicLong();
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();

  public CountingProxy(InetSocketAddress target) throws IOException {
    this.target = target;
    this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread acceptor = new Thread(this::accept, "counting-proxy-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  public InetSocketAddress address() {
    return new InetSocketAddress(server.getInetAddress(), server.getLocalPort());
  }

  /** Bytes sent by clients to the target so far. */
  public long bytesToServer() {
    return toServer.get();
  }

  /** Bytes sent by the target to clients so far. */
  public long bytesToClient() {
    return toClient.get();
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
        pump(client, upstream, toServer);
        pump(upstream, client, toClient);
      } catch (IOException e) {
        return; // closed
      }
    }
  }

  private void pump(Socket from, Socket to, AtomicLong counter) {
    Thread thread =
        new Thread(
            () -> {
              byte[] buffer = new byte[64 * 1024];
              try (InputStream in = from.getInputStream();
                  OutputStream out = to.getOutputStream()) {
                int n;
                while ((n = in.read(buffer)) >= 0) {
                  counter.addAndGet(n); // before forwarding: what the peer got is counted
                  out.write(buffer, 0, n);
                  out.flush();
                }
              } catch (IOException e) {
                // one side closed: close both
              } finally {
                closeQuietly(from);
                closeQuietly(to);
              }
            },
            "counting-proxy-pump");
    thread.setDaemon(true);
    thread.start();
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException e) {
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
