package io.scyllaboot.driver.testing;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.ReferenceCountUtil;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP proxy on a loopback port, in front of one node, that makes the network faults the kernel of
 * this machine cannot: it has no {@code netem} (nor {@code prio}) queueing discipline and no
 * iptables, and the cluster's nodes all bind addresses of {@code lo}. So the faults are made in
 * user space, on the client's side of the link: the drivers reach the node through this proxy (by
 * address translation) and the proxy decides when each chunk of bytes it read is written on. What
 * an application sees of a faulty network is only that: when bytes arrive, in order, on a
 * connection that stays open. The kernel hides a lost packet and retransmits it; the application
 * sees a delay. So each fault is modelled as the delivery time TCP would give the bytes:
 *
 * <ul>
 *   <li><b>Latency</b> ({@link #latency}): every chunk, each way, is delivered {@code N} ms after
 *       it was read, never before the chunk read before it: as {@code netem delay N} on the egress
 *       of both ends (a constant delay keeps TCP's order; netem does too without jitter).
 *   <li><b>Loss</b> ({@link #loss}): with probability {@code p} a chunk (a segment on loopback,
 *       where a segment holds up to 64 KiB: one or a few CQL frames) is lost and delivered a
 *       retransmission timeout later: 200 ms (Linux's {@code TCP_RTO_MIN}, the RTO of a link whose
 *       round trip is under a millisecond) plus up to 100 ms, as the kernel's timer granularity and
 *       a delayed ACK add. Every chunk read after it waits too: TCP delivers in order, so the
 *       receiver holds the segments behind a hole until the retransmission fills it (head-of-line
 *       blocking). This is the worst case of a thin stream (a request-response connection rarely
 *       has the three segments in flight behind the loss that fast retransmit needs; a tail-loss
 *       probe may recover sooner): the application's view of {@code netem loss p}.
 *   <li><b>One-way partition</b> ({@link #partition}): the node's answers are dropped, its requests
 *       still get through: the node reads and applies every request (writes included) and its
 *       answers are held, not delivered; the connection stays open (no RST, no FIN: nothing tells
 *       either end). When the partition heals ({@link #heal}) the held answers are delivered when
 *       the node's kernel would retransmit them: its retransmission timer backs off exponentially
 *       from the first unacknowledged answer (200 ms, then 400, 800 ms ...), so the answers arrive
 *       at the first retransmission after the heal, not at the heal itself. The client's requests
 *       reach the node although their ACKs are lost (the client retransmits them in vain, the node
 *       discards the copies): the proxy forwards them at once.
 * </ul>
 *
 * <p>A connection's two directions each keep a queue of chunks with their delivery times; the proxy
 * reads without limit (a fault of a few seconds holds little), writes what is due, and on close
 * releases what it still holds. One event loop serves every connection of a link, so its seeded
 * random draws run in the order the chunks arrive. For tests only.
 */
public final class FaultyLink implements AutoCloseable {
  /** Linux's minimum retransmission timeout ({@code TCP_RTO_MIN}). */
  static final long RTO_MIN_NANOS = TimeUnit.MILLISECONDS.toNanos(200);

  /** Linux's maximum retransmission timeout ({@code TCP_RTO_MAX}). */
  static final long RTO_MAX_NANOS = TimeUnit.SECONDS.toNanos(120);

  /** What a lost chunk may wait beyond {@link #RTO_MIN_NANOS}. */
  private static final long RTO_SPREAD_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  /** The delivery time of a chunk held by a partition until it heals. */
  private static final long HELD = Long.MAX_VALUE;

  /** The fault in force: applies to the chunks read from now on. */
  private record Fault(long latencyNanos, double loss, boolean partitioned) {
    static final Fault NONE = new Fault(0, 0, false);
  }

  private final InetSocketAddress target;
  private final EventLoopGroup group =
      new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
  private final Channel server;
  private final Set<Connection> connections = ConcurrentHashMap.newKeySet();
  private final SplittableRandom random; // event loop only
  private final AtomicBoolean closed = new AtomicBoolean();
  private final AtomicLong accepted = new AtomicLong();
  private final AtomicLong lostChunks = new AtomicLong();
  private final AtomicLong heldChunks = new AtomicLong();
  private final AtomicLong bytesToNode = new AtomicLong();
  private final AtomicLong bytesFromNode = new AtomicLong();
  private volatile Fault fault = Fault.NONE;

  /** A link to {@code target} listening on an ephemeral port of 127.0.0.1, healthy. */
  public FaultyLink(InetSocketAddress target, long seed) {
    this.target = target;
    this.random = new SplittableRandom(seed);
    this.server =
        new ServerBootstrap()
            .group(group)
            .channel(NioServerSocketChannel.class)
            .childOption(ChannelOption.AUTO_READ, false) // until the node's side is connected
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childHandler(
                new ChannelInitializer<SocketChannel>() {
                  @Override
                  protected void initChannel(SocketChannel client) {
                    accepted.incrementAndGet();
                    new Connection(client);
                  }
                })
            .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
            .syncUninterruptibly()
            .channel();
  }

  /** Where clients connect. */
  public InetSocketAddress address() {
    return (InetSocketAddress) server.localAddress();
  }

  /** The node behind the link. */
  public InetSocketAddress target() {
    return target;
  }

  /** Adds {@code oneWay} to every chunk in each direction (the round trip grows by twice that). */
  public void latency(Duration oneWay) {
    fault = new Fault(oneWay.toNanos(), 0, false);
  }

  /** Loses each chunk, in each direction, with this probability (delivered an RTO late). */
  public void loss(double probability) {
    if (probability < 0 || probability > 1) {
      throw new IllegalArgumentException("a probability, was " + probability);
    }
    fault = new Fault(0, probability, false);
  }

  /** Holds every answer of the node from now on; its requests still reach it. */
  public void partition() {
    fault = new Fault(0, 0, true);
  }

  /**
   * Ends the fault: chunks read from now on pass at once; those already delayed keep their time;
   * the answers a partition held are delivered at their connection's next retransmission.
   */
  public void heal() {
    fault = Fault.NONE;
    if (closed.get()) {
      return;
    }
    long now = System.nanoTime();
    for (Connection connection : connections) {
      connection.client.eventLoop().execute(() -> connection.fromNode.release(now));
    }
  }

  /** Connections accepted so far. */
  public long accepted() {
    return accepted.get();
  }

  /** Chunks delayed by a loss so far, both directions. */
  public long lostChunks() {
    return lostChunks.get();
  }

  /** Answers (chunks) a partition held so far. */
  public long heldChunks() {
    return heldChunks.get();
  }

  /** Bytes read from clients so far. */
  public long bytesToNode() {
    return bytesToNode.get();
  }

  /** Bytes read from the node so far. */
  public long bytesFromNode() {
    return bytesFromNode.get();
  }

  /**
   * How long after the first transmission of the oldest unacknowledged segment ({@code elapsed}
   * before the path opened again) the kernel sends it again: its retransmissions go out at RTO, 3
   * RTO, 7 RTO ... (the timeout doubles each time, up to {@link #RTO_MAX_NANOS}), and the first of
   * them at or after {@code elapsed} gets through.
   */
  static long retransmissionAfter(long elapsedNanos) {
    long at = 0;
    long timeout = RTO_MIN_NANOS;
    while (at < elapsedNanos) {
      at += timeout;
      timeout = Math.min(timeout * 2, RTO_MAX_NANOS);
    }
    return Math.max(at, RTO_MIN_NANOS);
  }

  @Override
  public void close() {
    if (closed.getAndSet(true)) {
      return;
    }
    server.close().syncUninterruptibly();
    for (Connection connection : connections) {
      connection.client.close().syncUninterruptibly();
      connection.node.close().syncUninterruptibly();
    }
    group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
  }

  /** One client's connection and the proxy's connection to the node for it. */
  private final class Connection {
    final Channel client;
    final Channel node;
    final Pipe toNode;
    final Pipe fromNode;

    Connection(Channel client) {
      this.client = client;
      this.node =
          new Bootstrap()
              .group(client.eventLoop())
              .channel(NioSocketChannel.class)
              .option(ChannelOption.TCP_NODELAY, true)
              .option(ChannelOption.AUTO_READ, false)
              .handler(new Relay(this, false))
              .connect(target)
              .addListener(
                  (ChannelFutureListener)
                      connected -> {
                        if (connected.isSuccess()) {
                          client.config().setAutoRead(true);
                          connected.channel().config().setAutoRead(true);
                        } else {
                          client.close();
                        }
                      })
              .channel();
      this.toNode = new Pipe(node, false, bytesToNode);
      this.fromNode = new Pipe(client, true, bytesFromNode);
      client.pipeline().addLast(new Relay(this, true));
      connections.add(this);
      client.closeFuture().addListener(closed -> connections.remove(this));
    }
  }

  /** Reads one side of a connection into the pipe towards the other side. */
  private final class Relay extends ChannelInboundHandlerAdapter {
    private final Connection connection;
    private final boolean clientSide;

    Relay(Connection connection, boolean clientSide) {
      this.connection = connection;
      this.clientSide = clientSide;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      if (msg instanceof ByteBuf chunk) {
        (clientSide ? connection.toNode : connection.fromNode).accept(chunk);
      } else {
        ReferenceCountUtil.release(msg);
      }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      // The FIN follows the bytes read before it; nothing more goes back to the closed side.
      (clientSide ? connection.toNode : connection.fromNode).end();
      (clientSide ? connection.fromNode : connection.toNode).discard();
      ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      ctx.close(); // a reset: the other side is closed by channelInactive
    }
  }

  /** One direction: chunks read, waiting for their delivery time, in order. */
  private final class Pipe {
    private final Channel out;
    private final boolean fromNode;
    private final AtomicLong bytes;
    private final ArrayDeque<Chunk> queue = new ArrayDeque<>();
    private long lastDue;
    private long heldSince = -1;
    private boolean ended;
    private boolean discarded;

    Pipe(Channel out, boolean fromNode, AtomicLong bytes) {
      this.out = out;
      this.fromNode = fromNode;
      this.bytes = bytes;
    }

    /** Takes a chunk read from the other side (owned from now on). Event loop. */
    void accept(ByteBuf chunk) {
      if (discarded || ended) {
        chunk.release();
        return;
      }
      bytes.addAndGet(chunk.readableBytes());
      enqueue(chunk, dueTime(System.nanoTime()));
    }

    /** The other side closed: close this side once what was read before is delivered. */
    void end() {
      if (!discarded && !ended) {
        ended = true;
        enqueue(null, Math.max(lastDue, System.nanoTime()));
      }
    }

    /** This side closed: release whatever waits for it. */
    void discard() {
      discarded = true;
      Chunk chunk;
      while ((chunk = queue.poll()) != null) {
        if (chunk.bytes != null) {
          chunk.bytes.release();
        }
      }
    }

    /** The partition healed at {@code healedAt}: schedules what it held. Event loop. */
    void release(long healedAt) {
      if (heldSince < 0) {
        return;
      }
      long at = heldSince + retransmissionAfter(healedAt - heldSince);
      heldSince = -1;
      for (Chunk chunk : queue) {
        if (chunk.due == HELD) {
          chunk.due = at;
        }
      }
      if (lastDue == HELD) {
        lastDue = at;
      }
      schedule();
    }

    private long dueTime(long now) {
      Fault current = fault;
      long due;
      if (fromNode && current.partitioned) {
        if (heldSince < 0) {
          heldSince = now;
        }
        heldChunks.incrementAndGet();
        due = HELD;
      } else {
        due = now + current.latencyNanos;
        if (current.loss > 0 && random.nextDouble() < current.loss) {
          lostChunks.incrementAndGet();
          due += RTO_MIN_NANOS + random.nextLong(RTO_SPREAD_NANOS);
        }
      }
      return Math.max(due, lastDue); // in order: never before the chunk read before it
    }

    private void enqueue(ByteBuf chunk, long due) {
      lastDue = due;
      boolean wasEmpty = queue.isEmpty();
      queue.add(new Chunk(chunk, due));
      if (wasEmpty) {
        deliver();
      }
    }

    /** Writes every chunk that is due, then waits for the next one. Event loop. */
    private void deliver() {
      long now = System.nanoTime();
      boolean wrote = false;
      Chunk head;
      while ((head = queue.peek()) != null && head.due <= now) {
        queue.poll();
        if (head.bytes == null) {
          out.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
          return;
        }
        out.write(head.bytes);
        wrote = true;
      }
      if (wrote) {
        out.flush();
      }
      schedule();
    }

    private void schedule() {
      Chunk head = queue.peek();
      if (head != null && head.due != HELD && !head.scheduled) {
        head.scheduled = true;
        out.eventLoop()
            .schedule(
                () -> {
                  head.scheduled = false;
                  if (!discarded) {
                    deliver();
                  }
                },
                Math.max(0, head.due - System.nanoTime()),
                TimeUnit.NANOSECONDS);
      }
    }
  }

  /** Bytes (null: the end of the stream) and when they are delivered. */
  private static final class Chunk {
    final ByteBuf bytes;
    long due;
    boolean scheduled;

    Chunk(ByteBuf bytes, long due) {
      this.bytes = bytes;
      this.due = due;
    }
  }
}
