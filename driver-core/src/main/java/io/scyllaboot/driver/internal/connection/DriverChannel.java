package io.scyllaboot.driver.internal.connection;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.GenericFutureListener;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.netty.util.concurrent.SingleThreadEventExecutor;
import io.netty.util.internal.PlatformDependent;
import io.scyllaboot.driver.api.error.FrameDecodingException;
import io.scyllaboot.driver.api.error.RequestNotSentException;
import io.scyllaboot.driver.internal.protocol.frame.RequestFrames;
import io.scyllaboot.driver.internal.protocol.frame.ResponseFrame;
import io.scyllaboot.driver.internal.protocol.message.Options;
import io.scyllaboot.driver.internal.protocol.message.Request;
import java.net.SocketAddress;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import org.jspecify.annotations.Nullable;

/**
 * One open, initialised connection to a node. Thread-safe: any thread may {@link #send}.
 *
 * <p>A request is encoded on the caller's thread into one exactly-sized buffer (so a bad value
 * fails there, before anything is queued), then offered to a lock-free queue. One drain task per
 * event-loop turn moves everything queued onto the wire and flushes once, so that concurrent
 * requests share packets: this is the write coalescing that keeps syscalls and TCP segments per
 * request low.
 *
 * <p>The drain task is queued with {@code execute}, which wakes the event loop only when it sleeps
 * in {@code epoll_wait}: while the loop is busy (reading a batch of responses, running the tasks of
 * that turn) a request from any thread rides on the current turn's flush at the cost of a
 * compare-and-set. A sleeping loop is always woken: a request must never wait for another
 * connection event or a timer tick (it did, up to the 10 ms deadline tick, when the wake-up was
 * skipped with many requests in flight; issue 21).
 */
public final class DriverChannel {
  private static final AtomicIntegerFieldUpdater<DriverChannel> DRAIN_SCHEDULED =
      AtomicIntegerFieldUpdater.newUpdater(DriverChannel.class, "drainScheduled");

  private volatile @org.jspecify.annotations.Nullable SocketAddress endpoint;
  private final Channel channel;
  private final InFlightHandler inFlight;
  private final int protocolVersion;
  private final int maxFrameLength;
  private final String name;
  private final Queue<PendingRequest> queue = PlatformDependent.newMpscQueue();
  private final Runnable drainTask = this::drain;
  // The event loop, when it is one of Netty's own (it has a termination to hook); else null.
  private final SingleThreadEventExecutor nettyLoop;
  private volatile int drainScheduled;
  private static final AtomicIntegerFieldUpdater<DriverChannel> TERMINATION_HOOKED =
      AtomicIntegerFieldUpdater.newUpdater(DriverChannel.class, "terminationHooked");
  private volatile int terminationHooked;
  private final GenericFutureListener<Future<Object>> onLoopTerminated =
      terminated -> GlobalEventExecutor.INSTANCE.execute(this::failLeftovers);
  // Set by the handshake, before the channel is handed out through a future (which publishes it).
  private ScyllaFeatures features = ScyllaFeatures.NONE;
  private boolean metadataIds;
  private java.util.@Nullable UUID hostId;
  private boolean tabletVersions;

  DriverChannel(
      Channel channel,
      InFlightHandler inFlight,
      int protocolVersion,
      int maxFrameLength,
      String name) {
    this.channel = channel;
    this.inFlight = inFlight;
    this.protocolVersion = protocolVersion;
    this.maxFrameLength = maxFrameLength;
    this.name = name;
    this.nettyLoop = channel.eventLoop() instanceof SingleThreadEventExecutor loop ? loop : null;
    // Hooked while the connection is open: a loop stopped under an open connection would leave
    // its requests waiting forever. Unhooked at close, so a closed connection is not retained.
    // (Netty's own loops only: an embedded test loop has no termination.)
    if (nettyLoop != null) {
      terminationHooked = 1;
      nettyLoop.terminationFuture().addListener(onLoopTerminated);
      channel
          .closeFuture()
          .addListener(
              closed -> {
                nettyLoop.terminationFuture().removeListener(onLoopTerminated);
                terminationHooked = 0;
              });
    }
  }

  /**
   * Sends a request and returns the future of its response.
   *
   * @param timeoutNanos how long to wait for the response; 0 or less waits until the connection
   *     closes
   * @throws IllegalArgumentException if the frame would exceed the maximum frame length (the
   *     connection stays as it was)
   * @throws RuntimeException from encoding, on the calling thread, before anything is sent
   */
  public CompletableFuture<ResponseFrame> send(Request request, long timeoutNanos) {
    return send(request, timeoutNanos, null);
  }

  /**
   * Sends a request as {@link #send(Request, long)} does, and tells {@code callback} of the outcome
   * when the returned future completes (possibly before this method returns).
   */
  public CompletableFuture<ResponseFrame> send(
      Request request, long timeoutNanos, @Nullable ResponseCallback callback) {
    return send(request, -1, timeoutNanos, callback);
  }

  /**
   * Sends a request as {@link #send(Request, long, ResponseCallback)} does; an EXECUTE on a
   * connection with tablets routing v2 ends with {@code tabletVersionBlock} (the plan's, -1 when no
   * tablet version is known).
   */
  public CompletableFuture<ResponseFrame> send(
      Request request,
      int tabletVersionBlock,
      long timeoutNanos,
      @Nullable ResponseCallback callback) {
    int block = -1;
    if (tabletVersions) {
      block = tabletVersionBlock >= 0 ? tabletVersionBlock : TabletsRoutingV2.unknownVersionBlock();
    }
    ByteBuf frame =
        RequestFrames.encode(
            channel.alloc(), protocolVersion, metadataIds, block, request, maxFrameLength);
    PendingRequest pending = new PendingRequest(frame, this, timeoutNanos, callback);
    queue.offer(pending);
    EventLoop loop = channel.eventLoop();
    if (loop.isShuttingDown()) { // rare: the loop may stop before it drains this request
      failLeftoversAtTermination(loop);
      if (loop.isTerminated()) {
        return pending;
      }
    }
    if (DRAIN_SCHEDULED.compareAndSet(this, 0, 1)) {
      try {
        // Always a task, even on the event loop: requests sent from response callbacks during
        // one read batch are then written and flushed together.
        scheduleDrain();
      } catch (RejectedExecutionException e) { // the event loop is shutting down
        drainScheduled = 0;
        failLeftoversAtTermination(loop);
      }
    }
    return pending;
  }

  /**
   * The queue has one consumer: the event loop, while it runs. Once it has terminated (it may drop
   * a queued drain task then), whatever is left is failed on Netty's single global executor, so
   * that there is still one consumer at a time; a sender's thread never polls the queue. The first
   * sender that sees the loop shutting down hooks its termination; a sender that finds it
   * terminated hands its request over at once.
   */
  private void failLeftoversAtTermination(EventLoop loop) {
    if (loop.isTerminated()) {
      GlobalEventExecutor.INSTANCE.execute(this::failLeftovers);
    } else if (TERMINATION_HOOKED.compareAndSet(this, 0, 1)) {
      loop.terminationFuture().addListener(onLoopTerminated);
    }
  }

  /** After the loop terminated, on the global executor: fails what it left undone. */
  private void failLeftovers() {
    failQueued();
    inFlight.failAfterLoopStopped();
  }

  private void scheduleDrain() {
    channel.eventLoop().execute(drainTask);
  }

  /**
   * Writes and flushes a request at once if a stream id is free and no request waits for one, else
   * sends nothing and returns null. Event loop only; for heartbeats.
   */
  CompletableFuture<ResponseFrame> trySendNow(Request request, long timeoutNanos) {
    ByteBuf frame = RequestFrames.encode(channel.alloc(), protocolVersion, request);
    PendingRequest pending = new PendingRequest(frame, this, timeoutNanos);
    if (!inFlight.tryWrite(pending)) {
      pending.releaseFrame();
      return null;
    }
    channel.flush();
    return pending;
  }

  private void drain() {
    do {
      drainScheduled = 0;
      PendingRequest request;
      boolean wrote = false;
      while ((request = queue.poll()) != null) {
        inFlight.write(request);
        wrote = true;
      }
      if (wrote) {
        channel.flush();
      }
    } while (!queue.isEmpty() && DRAIN_SCHEDULED.compareAndSet(this, 0, 1));
  }

  /** Fails what is left in the queue; on the global executor, after the loop terminated. */
  private void failQueued() {
    PendingRequest request;
    while ((request = queue.poll()) != null) {
      request.releaseFrame();
      request.completeExceptionally(
          new RequestNotSentException(name + " is closed: its event loop has stopped"));
    }
  }

  /**
   * Reports this connection unresponsive to {@code listener} whenever requests wait on it while
   * nothing has been read for {@code timeoutNanos}, an OPTIONS probe sent after half of it
   * included, and responsive again at the next response or at close; idempotent requests waiting
   * that long then fail with {@code NodeUnresponsiveException} to move to another node. A single
   * slow query on a quiet connection is no silence: the probe is answered. Zero or less: not
   * watched.
   */
  public void watchResponsiveness(long timeoutNanos, ResponsivenessListener listener) {
    if (timeoutNanos > 0) {
      channel
          .eventLoop()
          .execute(
              () ->
                  inFlight.watchResponsiveness(
                      timeoutNanos,
                      listener,
                      () ->
                          RequestFrames.encode(
                              channel.alloc(), protocolVersion, Options.INSTANCE)));
    }
  }

  public int protocolVersion() {
    return protocolVersion;
  }

  /** The ScyllaDB extensions of the node, and this connection's shard (NONE for Cassandra). */
  public ScyllaFeatures features() {
    return features;
  }

  void features(ScyllaFeatures negotiated) {
    this.features = negotiated;
  }

  /**
   * The host id of the node that accepted this connection, from ScyllaDB's {@code SCYLLA_HOST_ID}
   * in SUPPORTED; null when the node does not send it (Apache Cassandra, ScyllaDB before 2026.3).
   */
  public java.util.@Nullable UUID hostId() {
    return hostId;
  }

  void hostId(java.util.@Nullable UUID reported) {
    this.hostId = reported;
  }

  /** Every EXECUTE on this connection ends with a tablet version block (tablets routing v2). */
  void useTabletVersions() {
    tabletVersions = true;
  }

  /** Whether this connection negotiated ScyllaDB's tablets routing v2. */
  public boolean tabletVersions() {
    return tabletVersions;
  }

  /** Has the frame decoder read result metadata ids under v4 (ScyllaDB's extension). */
  void useMetadataIds() {
    metadataIds = true; // EXECUTE carries the result metadata id on this connection
    io.scyllaboot.driver.internal.protocol.frame.FrameDecoder decoder =
        channel.pipeline().get(io.scyllaboot.driver.internal.protocol.frame.FrameDecoder.class);
    if (decoder != null) {
      decoder.useMetadataIds();
    }
  }

  /**
   * The node's address: the one it was connected for when that differs from the socket's peer (a
   * cloud node reached through the SNI proxy, whose address every node's connections share).
   */
  public SocketAddress remoteAddress() {
    SocketAddress node = endpoint;
    return node != null ? node : channel.remoteAddress();
  }

  /** Set once, before the handshake, for a connection through a proxy. */
  void endpoint(SocketAddress node) {
    this.endpoint = node;
  }

  public EventLoop eventLoop() {
    return channel.eventLoop();
  }

  /** Requests holding a stream id (including timed-out ones whose response has not come). */
  public int inFlightCount() {
    return inFlight.inFlightCount();
  }

  /** Stream ids held by requests that timed out and whose response has not come. */
  public int orphanedCount() {
    return inFlight.orphanedCount();
  }

  /** The Netty channel, for tests of this package. */
  Channel nettyChannel() {
    return channel;
  }

  public boolean isOpen() {
    return channel.isActive() && !inFlight.isClosed();
  }

  public CompletableFuture<Void> close() {
    CompletableFuture<Void> closed = new CompletableFuture<>();
    channel.close().addListener(future -> closed.complete(null));
    return closed;
  }

  /**
   * Closes the connection because a response on it did not parse as its request's answer: what is
   * in flight fails with a {@code ConnectionException} caused by {@code cause}. Any thread.
   */
  public void closeAfter(FrameDecodingException cause) {
    EventLoop loop = channel.eventLoop();
    if (loop.inEventLoop()) {
      inFlight.closeAfter(cause);
    } else {
      loop.execute(() -> inFlight.closeAfter(cause));
    }
  }

  /** Completes when the channel closes, for whatever reason. */
  public CompletableFuture<Void> closeFuture() {
    CompletableFuture<Void> closed = new CompletableFuture<>();
    channel.closeFuture().addListener(future -> closed.complete(null));
    return closed;
  }

  @Override
  public String toString() {
    return name;
  }
}
