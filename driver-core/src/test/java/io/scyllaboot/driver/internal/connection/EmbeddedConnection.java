package io.scyllaboot.driver.internal.connection;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.scyllaboot.driver.internal.protocol.frame.RequestFrames;
import io.scyllaboot.driver.internal.protocol.message.Options;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A {@link DriverChannel} on an embedded channel, for tests of other packages (the pool's
 * selection): requests can be put in flight on it and it can be closed, with no socket.
 */
public final class EmbeddedConnection {
  private final InFlightHandler handler;
  private final EmbeddedChannel netty;
  private final DriverChannel channel;
  private final List<CompletableFuture<?>> requests = new ArrayList<>();

  public EmbeddedConnection(String name) {
    handler = new InFlightHandler(32, 32, 32, name, event -> {});
    netty = new EmbeddedChannel(handler);
    channel = new DriverChannel(netty, handler, 4, 1 << 20, name);
  }

  public DriverChannel channel() {
    return channel;
  }

  /** Writes {@code count} requests that stay in flight (no response comes). */
  public void occupy(int count) {
    for (int i = 0; i < count; i++) {
      ByteBuf frame = RequestFrames.encode(ByteBufAllocator.DEFAULT, 4, Options.INSTANCE);
      PendingRequest request = new PendingRequest(frame, channel, 0);
      requests.add(request);
      handler.write(request);
    }
    netty.flush();
    ByteBuf written;
    while ((written = netty.readOutbound()) != null) {
      written.release();
    }
  }

  /** Closes the connection: its requests fail and their stream ids are released. */
  public void close() {
    netty.close();
    netty.finishAndReleaseAll();
  }

  /** The requests {@link #occupy} put in flight. */
  public List<CompletableFuture<?>> requests() {
    return requests;
  }
}
