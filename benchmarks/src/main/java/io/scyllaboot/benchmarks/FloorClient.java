package io.scyllaboot.benchmarks;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.scyllaboot.benchmarks.Clients.Workload;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Recorder;

/**
 * The floor: the least work a CQL client can do per request on this machine, the yardstick of every
 * other client's CPU per op. One Netty connection (epoll when available, one I/O thread), protocol
 * v4 (no v5 segment framing or checksums to pay), one EXECUTE frame per stream id encoded once and
 * patched in place with the request's key (and value), responses framed by their length and matched
 * to their request by stream id only: no decoding beyond the opcode, no future or callback per
 * request, the next request on a stream written from the event loop as its response is read, one
 * flush per read batch. It runs its own loop ({@link #run}) instead of the harness's chains.
 *
 * <p>It checks only that every response is a RESULT (an ERROR fails the run with its message); it
 * does not read rows.
 */
final class FloorClient extends Clients.Client {
  private static final int VERSION = 0x04;
  private static final int HEADER = 9;
  private static final int OP_ERROR = 0x00;
  private static final int OP_STARTUP = 0x01;
  private static final int OP_RESULT = 0x08;
  private static final int OP_PREPARE = 0x09;
  private static final int OP_EXECUTE = 0x0A;
  private static final int LOCAL_ONE = 0x000A;
  private static final int FLAG_VALUES = 0x01;
  private static final int FLAG_SKIP_METADATA = 0x02;
  private static final int FLAG_PAGE_SIZE = 0x04;
  private static final int PAGE_SIZE = 5000;

  private EventLoopGroup group;
  private Channel channel;
  private FloorHandler handler;
  private byte[] insertId;
  private byte[] selectId;
  private byte[] selectKeyId;

  @Override
  void open(InetSocketAddress node) throws Exception {
    boolean epoll = Epoll.isAvailable();
    group =
        new MultiThreadIoEventLoopGroup(
            1, epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());
    handler = new FloorHandler();
    channel =
        new Bootstrap()
            .group(group)
            .channel(epoll ? EpollSocketChannel.class : NioSocketChannel.class)
            .option(ChannelOption.TCP_NODELAY, true)
            .handler(
                new ChannelInitializer<Channel>() {
                  @Override
                  protected void initChannel(Channel ch) {
                    ch.pipeline().addLast(handler);
                  }
                })
            .connect(node)
            .sync()
            .channel();
    setUp(OP_STARTUP, startupBody());
    insertId = preparedId(Clients.INSERT);
    selectId = preparedId(Clients.SELECT);
    selectKeyId = preparedId(Clients.SELECT_KEY);
  }

  private static ByteBuf startupBody() {
    ByteBuf body = Unpooled.buffer();
    body.writeShort(1);
    writeString(body, "CQL_VERSION");
    writeString(body, "3.0.0");
    return body;
  }

  private byte[] preparedId(String query) throws Exception {
    ByteBuf body = Unpooled.buffer();
    byte[] text = query.getBytes(StandardCharsets.UTF_8);
    body.writeInt(text.length).writeBytes(text);
    ByteBuf result = setUp(OP_PREPARE, body);
    // RESULT body: [int kind = 4 (Prepared)][short bytes id]...
    if (result.readInt() != 4) {
      throw new IllegalStateException("PREPARE " + query + " did not answer a prepared result");
    }
    byte[] id = new byte[result.readUnsignedShort()];
    result.readBytes(id);
    return id;
  }

  /** One request of the connection's set-up, on stream 0; returns the response's body. */
  private ByteBuf setUp(int opcode, ByteBuf body) throws Exception {
    CompletableFuture<ByteBuf> response = new CompletableFuture<>();
    ByteBuf frame = ByteBufAllocator.DEFAULT.buffer(HEADER + body.readableBytes());
    frame.writeByte(VERSION).writeByte(0).writeShort(0).writeByte(opcode);
    frame.writeInt(body.readableBytes()).writeBytes(body);
    channel.eventLoop().execute(() -> handler.setUp = response);
    channel.writeAndFlush(frame);
    return response.get(30, TimeUnit.SECONDS);
  }

  private static void writeString(ByteBuf out, String s) {
    byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
    out.writeShort(bytes.length).writeBytes(bytes);
  }

  /**
   * Runs {@code total} requests of the workload with {@code concurrency} stream ids in flight, each
   * stream sending its next request when its response has been read.
   */
  void run(Workload workload, int concurrency, long total, Recorder recorder) throws Exception {
    if (total <= 0) {
      return;
    }
    Frames frames = new Frames(workload, concurrency);
    CompletableFuture<Void> done = new CompletableFuture<>();
    channel
        .eventLoop()
        .execute(
            () -> {
              handler.start(frames, total, recorder, done);
              for (int stream = 1; stream <= concurrency && stream <= total; stream++) {
                handler.send(stream);
              }
              handler.ctx.flush();
            });
    try {
      done.get(10, TimeUnit.MINUTES);
    } finally {
      channel.eventLoop().submit(frames::release).get(10, TimeUnit.SECONDS);
    }
  }

  /**
   * One pre-encoded EXECUTE frame per stream id (1..concurrency), and where each request's key and
   * value go in it. A stream's frame is patched only after its previous request's response has been
   * read, hence after its previous write has completed: the socket no longer reads it.
   */
  private final class Frames {
    final Workload workload;
    final ByteBuf[] byStream;
    final int keyAt; // the uuid's offset, or -1 (select)
    final int valueAt; // the int's offset, or -1 (select, select-key)

    Frames(Workload workload, int concurrency) {
      this.workload = workload;
      byte[] id =
          switch (workload) {
            case INSERT -> insertId;
            case SELECT -> selectId;
            case SELECT_KEY -> selectKeyId;
          };
      int params = HEADER + 2 + id.length; // [consistency][flags][values][page size]
      int values = params + 3; // [short count][int length][bytes]...
      keyAt = workload == Workload.SELECT ? -1 : values + 2 + 4;
      valueAt = workload == Workload.INSERT ? keyAt + 16 + 4 : -1;
      byStream = new ByteBuf[concurrency + 1];
      for (int stream = 1; stream <= concurrency; stream++) {
        ByteBuf frame = ByteBufAllocator.DEFAULT.directBuffer(96);
        frame.writeByte(VERSION).writeByte(0).writeShort(stream).writeByte(OP_EXECUTE).writeInt(0);
        frame.writeShort(id.length).writeBytes(id).writeShort(LOCAL_ONE);
        switch (workload) {
          case INSERT ->
              frame
                  .writeByte(FLAG_VALUES)
                  .writeShort(2)
                  .writeInt(16)
                  .writeZero(16)
                  .writeInt(4)
                  .writeInt(0);
          case SELECT -> frame.writeByte(FLAG_SKIP_METADATA | FLAG_PAGE_SIZE).writeInt(PAGE_SIZE);
          case SELECT_KEY ->
              frame
                  .writeByte(FLAG_VALUES | FLAG_SKIP_METADATA | FLAG_PAGE_SIZE)
                  .writeShort(1)
                  .writeInt(16)
                  .writeZero(16)
                  .writeInt(PAGE_SIZE);
        }
        frame.setInt(5, frame.readableBytes() - HEADER);
        byStream[stream] = frame;
      }
    }

    /**
     * The frame of {@code stream} with a new key (and value), as a duplicate the write releases.
     */
    ByteBuf next(int stream, ThreadLocalRandom random) {
      ByteBuf frame = byStream[stream];
      if (workload == Workload.INSERT) {
        frame.setLong(keyAt, random.nextLong()).setLong(keyAt + 8, random.nextLong());
        frame.setInt(valueAt, random.nextInt());
      } else if (workload == Workload.SELECT_KEY) {
        UUID key = ClientMain.id(Workload.SELECT_KEY, random, 0);
        frame
            .setLong(keyAt, key.getMostSignificantBits())
            .setLong(keyAt + 8, key.getLeastSignificantBits());
      }
      return frame.retainedDuplicate();
    }

    void release() {
      for (int stream = 1; stream < byStream.length; stream++) {
        byStream[stream].release();
      }
    }
  }

  /**
   * Frames responses in place (the decoder's cumulation holds only a partial frame between reads)
   * and, during a run, answers each with the next request on the same stream. Touched by the event
   * loop only, but for {@link #setUp}, which is handed over through it.
   */
  private final class FloorHandler extends ByteToMessageDecoder {
    ChannelHandlerContext ctx;
    CompletableFuture<ByteBuf> setUp;
    private Frames frames;
    private long[] sentAt;
    private long total;
    private long issued;
    private long completed;
    private Recorder recorder;
    private CompletableFuture<Void> done;

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
      this.ctx = ctx;
    }

    void start(Frames frames, long total, Recorder recorder, CompletableFuture<Void> done) {
      this.frames = frames;
      this.sentAt = new long[frames.byStream.length];
      this.total = total;
      this.issued = 0;
      this.completed = 0;
      this.recorder = recorder;
      this.done = done;
    }

    void send(int stream) {
      issued++;
      ByteBuf frame = frames.next(stream, ThreadLocalRandom.current());
      sentAt[stream] = System.nanoTime();
      ctx.write(frame, ctx.voidPromise());
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
      while (in.readableBytes() >= HEADER) {
        int at = in.readerIndex();
        int length = in.getInt(at + 5);
        if (in.readableBytes() < HEADER + length) {
          return; // a partial frame: wait for the rest
        }
        int stream = in.getShort(at + 2);
        int opcode = in.getUnsignedByte(at + 4);
        if (stream == 0 && setUp != null) {
          CompletableFuture<ByteBuf> waiting = setUp;
          setUp = null;
          if (opcode == OP_ERROR) {
            waiting.completeExceptionally(error(in, at + HEADER));
          } else {
            waiting.complete(Unpooled.copiedBuffer(in.slice(at + HEADER, length)));
          }
        } else if (stream > 0 && done != null) {
          answered(stream, opcode, in, at);
        }
        in.skipBytes(HEADER + length);
      }
    }

    private void answered(int stream, int opcode, ByteBuf in, int at) {
      if (opcode != OP_RESULT) {
        done.completeExceptionally(error(in, at + HEADER));
        done = null;
        return;
      }
      recorder.recordValue(Math.min(System.nanoTime() - sentAt[stream], 59_000_000_000L));
      if (++completed == total) {
        done.complete(null);
        done = null;
      } else if (issued < total) {
        send(stream);
      }
    }

    private IllegalStateException error(ByteBuf in, int body) {
      int code = in.getInt(body);
      int length = in.getUnsignedShort(body + 4);
      String message = in.toString(body + 6, length, StandardCharsets.UTF_8);
      return new IllegalStateException(
          String.format("the node answered error 0x%04x: %s", code, message));
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) throws Exception {
      super.channelReadComplete(ctx);
      ctx.flush(); // one flush for every request this read batch answered
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
      if (done != null) {
        done.completeExceptionally(new IllegalStateException("the connection closed"));
      }
      if (setUp != null) {
        setUp.completeExceptionally(new IllegalStateException("the connection closed"));
      }
      super.channelInactive(ctx);
    }
  }

  @Override
  public void close() throws Exception {
    if (channel != null) {
      channel.close().sync();
    }
    if (group != null) {
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
    }
  }
}
