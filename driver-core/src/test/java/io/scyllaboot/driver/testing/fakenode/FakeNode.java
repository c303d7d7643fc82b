package io.scyllaboot.driver.testing.fakenode;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.scyllaboot.driver.api.type.DataType;
import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.Primitives;
import io.scyllaboot.driver.testing.fakenode.FakeResponses.Column;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One node of a {@link FakeCluster}: a real TCP server built on our codec in server mode. It
 * answers the driver's bootstrap (OPTIONS, STARTUP, REGISTER, system tables), prepares statements
 * primed on the cluster, and applies the cluster's scripted behaviours (errors, delays, silence).
 * It records every request it receives.
 */
public final class FakeNode {
  private final FakeCluster cluster;
  private final int index;
  private final InetSocketAddress address;
  private final UUID hostId;
  private volatile Set<String> tokens;
  private volatile UUID schemaVersion = FakeCluster.SCHEMA;
  private volatile UUID ownSchemaVersion; // null: as schemaVersion
  private final Set<String> knownIds = ConcurrentHashMap.newKeySet();
  private final Queue<FakeRequest> received = new ConcurrentLinkedQueue<>();
  private final ChannelGroup clients = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
  private final ChannelGroup registered = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
  private volatile Channel server;
  private volatile boolean answerHeartbeats = true;
  private volatile boolean answerRegister = true;
  private volatile Answering answering = Answering.NORMALLY;
  private final Queue<Held> held = new ConcurrentLinkedQueue<>();

  /** A request read while the node held its answers: answered when the mode changes. */
  private record Held(RequestHandler handler, ChannelHandlerContext ctx, ByteBuf frame) {
    void answer(boolean staleError) {
      try {
        if (!ctx.channel().isActive()) {
          return;
        }
        if (staleError) {
          // Cassandra 5.0.6 (Dispatcher.processRequest) answers a request that waited in its
          // queue longer than native_transport_timeout with this error, and never sets the
          // error's stream id: it goes out on stream 0, and the request is never answered.
          handler.reply(
              ctx,
              4,
              0,
              Opcodes.ERROR,
              FakeResponses.error(0x1001, "Query timed out before it could start"));
        } else {
          handler.answer(ctx, frame);
        }
      } finally {
        frame.release();
      }
    }
  }

  /**
   * How a node treats every request from now on, on every connection (established or new): the
   * failures a real node cannot show cheaply.
   */
  public enum Answering {
    /** As a healthy node. */
    NORMALLY,
    /** Reads every request and never answers: a frozen process or a half-open TCP connection. */
    NEVER,
    /**
     * Reads every request and answers none until the mode changes, then answers every held request
     * in the order received, on its own connection: a process frozen (SIGSTOP) and resumed.
     */
    HOLD,
    /** Answers with random bytes in place of a frame header: the stream cannot be trusted. */
    GARBAGE,
    /**
     * Answers on the request's stream with a well-formed header and a hostile body: a PREPARED
     * result announcing 2^31-1 partition key indices in a few bytes. Only that request may fail.
     */
    FORGED,
    /** Sends half of a response frame, then resets the connection (TCP RST). */
    RESET_MID_FRAME
  }

  FakeNode(FakeCluster cluster, int index, InetSocketAddress address, Set<String> tokens) {
    this.cluster = cluster;
    this.index = index;
    this.address = address;
    this.hostId = new UUID(0xFA4E, index);
    this.tokens = tokens;
  }

  public InetSocketAddress address() {
    return address;
  }

  public Set<String> tokens() {
    return tokens;
  }

  /** Replaces the tokens this node reports (e.g. RandomPartitioner tokens). */
  public void tokens(Set<String> newTokens) {
    this.tokens = newTokens;
  }

  /** The schema version this node reports (and other nodes report for it as a peer). */
  public void schemaVersion(UUID version) {
    this.schemaVersion = version;
    this.ownSchemaVersion = null;
  }

  /**
   * The schema version this node reports in its own system.local only, while the others still
   * gossip {@link #schemaVersion} for it (a change not propagated yet).
   */
  public void ownSchemaVersion(UUID version) {
    this.ownSchemaVersion = version;
  }

  private UUID localSchemaVersion() {
    UUID own = ownSchemaVersion;
    return own != null ? own : schemaVersion;
  }

  public UUID hostId() {
    return hostId;
  }

  /** Every request received so far, in order. */
  public List<FakeRequest> received() {
    return new ArrayList<>(received);
  }

  /** Requests of one opcode received so far. */
  public List<FakeRequest> received(int opcode) {
    return received.stream().filter(r -> r.opcode() == opcode).toList();
  }

  public void clearReceived() {
    received.clear();
  }

  public int openConnections() {
    return clients.size();
  }

  /** Stops answering OPTIONS (heartbeats) on established connections. */
  public void answerHeartbeats(boolean answer) {
    this.answerHeartbeats = answer;
  }

  /** Stops answering REGISTER (a control connection's start that never completes). */
  public void answerRegister(boolean answer) {
    this.answerRegister = answer;
  }

  /** Changes how this node answers requests; see {@link Answering}. */
  public void answering(Answering mode) {
    if (answering == Answering.HOLD && mode != Answering.HOLD) {
      resume(mode, 0);
      return;
    }
    this.answering = mode;
  }

  public void start() {
    // A connection accepted while the previous server socket was closing can hold the port for a
    // moment after a restart: wait for it (bounded) instead of failing the test.
    java.util.concurrent.atomic.AtomicReference<Channel> bound =
        new java.util.concurrent.atomic.AtomicReference<>();
    org.awaitility.Awaitility.await()
        .atMost(java.time.Duration.ofSeconds(5))
        .pollInterval(java.time.Duration.ofMillis(20))
        .ignoreExceptionsInstanceOf(java.net.BindException.class)
        .until(() -> bound.compareAndSet(null, bind()));
    server = bound.get();
  }

  private Channel bind() {
    EventLoopGroup group = cluster.group();
    return new ServerBootstrap()
        .group(group)
        .channel(NioServerSocketChannel.class)
        .option(ChannelOption.SO_REUSEADDR, true)
        .childOption(ChannelOption.SO_REUSEADDR, true)
        .childHandler(
            new ChannelInitializer<Channel>() {
              @Override
              protected void initChannel(Channel channel) {
                clients.add(channel);
                channel
                    .pipeline()
                    .addLast(new LengthFieldBasedFrameDecoder(1 << 24, 5, 4, 0, 0))
                    .addLast(new RequestHandler());
              }
            })
        .bind(address)
        .syncUninterruptibly()
        .channel();
  }

  /** Stops: closes the server socket and every client connection. */
  public void stop() {
    Channel current = server;
    if (current != null) {
      current.close().syncUninterruptibly();
      server = null;
    }
    clients.close().syncUninterruptibly();
    Held request;
    while ((request = held.poll()) != null) {
      request.frame().release();
    }
  }

  /** Stops and starts again, forgetting every prepared statement, as a real restart would. */
  public void restart() {
    stop();
    knownIds.clear();
    start();
  }

  /**
   * Leaves {@link Answering#HOLD} for {@code mode} as a resumed Cassandra 5.0.6 does: the {@code
   * stale} requests held longest waited in its queue past {@code native_transport_timeout} and each
   * gets an OVERLOADED error on stream 0 instead of an answer; the rest are answered in order.
   */
  public void resume(Answering mode, int staleCount) {
    answering = mode;
    Held request;
    int answered = 0;
    // One task per connection, its answers written in order and flushed once: a resumed process
    // sends its backlog in a few segments, not one write per answer.
    Map<ChannelHandlerContext, List<Held>> byConnection = new LinkedHashMap<>();
    Map<Held, Boolean> stale = new java.util.IdentityHashMap<>();
    while ((request = held.poll()) != null) {
      stale.put(request, answered++ < staleCount);
      byConnection.computeIfAbsent(request.ctx(), ignored -> new ArrayList<>()).add(request);
    }
    byConnection.forEach(
        (ctx, requests) ->
            ctx.executor()
                .execute(
                    () -> {
                      RequestHandler handler = requests.get(0).handler();
                      handler.batching = true;
                      try {
                        requests.forEach(r -> r.answer(stale.get(r)));
                      } finally {
                        handler.batching = false;
                        ctx.flush();
                      }
                    }));
  }

  /** Sends an event (TOPOLOGY_CHANGE, STATUS_CHANGE ...) to the connections that REGISTERed. */
  public void pushEvent(Consumer<ByteBuf> body) {
    for (Channel channel : registered) {
      channel.writeAndFlush(FakeResponses.frame(channel.alloc(), 4, -1, Opcodes.EVENT, body));
    }
  }

  private final class RequestHandler extends SimpleChannelInboundHandler<ByteBuf> {
    private boolean ready;
    // While a held backlog is answered: write without flushing (event loop only).
    private boolean batching;

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, ByteBuf frame) {
      int version = frame.getUnsignedByte(0);
      int streamId = frame.getShort(2);
      if (version != 4) {
        reply(
            ctx,
            4,
            streamId,
            Opcodes.ERROR,
            FakeResponses.error(
                0x000A, "Invalid or unsupported protocol version (" + version + ")"));
        return;
      }
      FakeRequest request = FakeRequest.decode(frame, ctx.channel().id().asShortText());
      received.add(request);
      if (answering == Answering.HOLD) {
        held.add(new Held(this, ctx, frame.retain()));
        return;
      }
      if (misbehave(ctx, streamId)) {
        return;
      }
      answer(ctx, request, streamId);
    }

    /** Answers a held request as a healthy node would have. */
    void answer(ChannelHandlerContext ctx, ByteBuf frame) {
      FakeRequest request = FakeRequest.decode(frame, ctx.channel().id().asShortText());
      answer(ctx, request, frame.getShort(2));
    }

    private void answer(ChannelHandlerContext ctx, FakeRequest request, int streamId) {
      Consumer<ByteBuf> body;
      int opcode = Opcodes.RESULT;
      switch (request.opcode()) {
        case Opcodes.OPTIONS -> {
          if (ready && !answerHeartbeats) {
            return;
          }
          opcode = Opcodes.SUPPORTED;
          body = FakeResponses.supported(cluster.announcesLwtMark());
        }
        case Opcodes.STARTUP -> {
          ready = true;
          opcode = Opcodes.READY;
          body = out -> {};
        }
        case Opcodes.REGISTER -> {
          if (!answerRegister) {
            return;
          }
          registered.add(ctx.channel());
          opcode = Opcodes.READY;
          body = out -> {};
        }
        case Opcodes.QUERY -> {
          FakeCluster.Behaviour primed = cluster.behaviour(request.query());
          if (primed != null) {
            Consumer<ByteBuf> normal = systemQuery(request.query());
            apply(ctx, request, primed, normal != null ? normal : FakeResponses.voidResult());
            return;
          }
          if (request.query().trim().equals("SELECT * FROM system.peers_v2")) {
            // As an older server: the driver must fall back to system.peers.
            opcode = Opcodes.ERROR;
            body = FakeResponses.error(0x2200, "unconfigured table peers_v2");
            break;
          }
          body = systemQuery(request.query());
          if (body == null) {
            body = FakeResponses.voidResult();
          }
        }
        case Opcodes.PREPARE -> {
          FakeCluster.Prepared prepared = cluster.prepared(request.query());
          if (prepared == null) {
            body = FakeResponses.error(0x2200, "fake node: nothing primed for " + request.query());
          } else {
            knownIds.add(prepared.idHex());
            body =
                FakeResponses.prepared(
                    prepared.id(),
                    "ks",
                    prepared.variables(),
                    prepared.pkIndices(),
                    prepared.result(),
                    cluster.isLwt(prepared.query()));
            FakeCluster.Behaviour onPrepare =
                cluster.behaviour(FakeCluster.PREPARE_PREFIX + request.query());
            if (onPrepare != null) {
              apply(ctx, request, onPrepare, body);
              return;
            }
          }
        }
        case Opcodes.EXECUTE -> {
          FakeCluster.Prepared prepared = cluster.preparedById(request.preparedId());
          if (prepared == null || !knownIds.contains(prepared.idHex())) {
            body = FakeResponses.unprepared(request.preparedId());
            opcode = Opcodes.ERROR;
          } else {
            FakeCluster.Behaviour primed = cluster.behaviour(prepared.query());
            Consumer<ByteBuf> normal =
                prepared.result().isEmpty()
                    ? FakeResponses.voidResult()
                    : FakeResponses.rows(prepared.result(), rowsFor(prepared, request));
            if (primed != null) {
              apply(ctx, request, primed, normal);
              return;
            }
            body = normal;
          }
        }
        default -> {
          opcode = Opcodes.ERROR;
          body =
              FakeResponses.error(0x000A, "fake node: unsupported opcode " + request.opcodeName());
        }
      }
      reply(ctx, 4, streamId, opcode, body);
    }

    /** Applies a failure mode instead of answering; false when the node answers normally. */
    private boolean misbehave(ChannelHandlerContext ctx, int streamId) {
      switch (answering) {
        case NORMALLY -> {
          return false;
        }
        case NEVER -> {}
        case GARBAGE -> {
          byte[] garbage = new byte[64];
          new Random(streamId).nextBytes(garbage);
          garbage[0] = 0x04; // a request version byte: never a valid response header
          ctx.writeAndFlush(Unpooled.wrappedBuffer(garbage));
        }
        case FORGED ->
            reply(
                ctx,
                4,
                streamId,
                Opcodes.RESULT,
                out -> {
                  out.writeInt(4).writeShort(1).writeByte(7); // PREPARED, id
                  out.writeInt(0).writeInt(1).writeInt(Integer.MAX_VALUE); // flags, columns, keys
                });
        case RESET_MID_FRAME -> {
          Channel channel = ctx.channel();
          if (!channel.isActive()) {
            break; // reset already, by an earlier request of the same read
          }
          channel.config().setOption(ChannelOption.SO_LINGER, 0); // close sends RST, not FIN
          ByteBuf whole =
              FakeResponses.frame(
                  ctx.alloc(), 4, streamId, Opcodes.RESULT, FakeResponses.voidResult());
          ByteBuf half = whole.readRetainedSlice(whole.readableBytes() / 2);
          whole.release();
          ctx.writeAndFlush(half).addListener(written -> channel.close());
        }
      }
      return true;
    }

    private void apply(
        ChannelHandlerContext ctx,
        FakeRequest request,
        FakeCluster.Behaviour behaviour,
        Consumer<ByteBuf> normal) {
      boolean applies = behaviour.onlyNode() < 0 || behaviour.onlyNode() == index;
      if (behaviour.silent() && applies) {
        return;
      }
      int opcode = behaviour.errorBody() != null ? Opcodes.ERROR : Opcodes.RESULT;
      Consumer<ByteBuf> body = behaviour.errorBody() != null ? behaviour.errorBody() : normal;
      if (!applies) {
        opcode = Opcodes.RESULT;
        body = normal;
      }
      if (!behaviour.payload().isEmpty() && applies) {
        ctx.writeAndFlush(
            FakeResponses.frame(
                ctx.alloc(), 4, request.streamId(), opcode, behaviour.payload(), body));
        return;
      }
      if (behaviour.delayMillis() > 0) {
        int op = opcode;
        Consumer<ByteBuf> b = body;
        ctx.executor()
            .schedule(
                () -> reply(ctx, 4, request.streamId(), op, b),
                behaviour.delayMillis(),
                TimeUnit.MILLISECONDS);
      } else {
        reply(ctx, 4, request.streamId(), opcode, body);
      }
    }

    /** The primed rows, or for an echoing statement one row holding the first bound int. */
    private List<List<Object>> rowsFor(FakeCluster.Prepared prepared, FakeRequest request) {
      if (!cluster.echoes(prepared.query()) || request.values().isEmpty()) {
        return prepared.rows();
      }
      return List.of(List.of(java.nio.ByteBuffer.wrap(request.values().get(0)).getInt()));
    }

    void reply(
        ChannelHandlerContext ctx, int version, int streamId, int opcode, Consumer<ByteBuf> body) {
      if (batching) {
        ctx.write(FakeResponses.frame(ctx.alloc(), version, streamId, opcode, body));
      } else {
        ctx.writeAndFlush(FakeResponses.frame(ctx.alloc(), version, streamId, opcode, body));
      }
    }
  }

  private Consumer<ByteBuf> systemQuery(String query) {
    String normalized = query.trim();
    if (normalized.startsWith("USE ")) {
      return FakeResponses.setKeyspace(normalized.substring(4).replace("\"", ""));
    }
    if (normalized.startsWith("CREATE ")) {
      return out -> {
        out.writeInt(5); // SCHEMA_CHANGE
        Primitives.writeString(out, "CREATED");
        Primitives.writeString(out, "TABLE");
        Primitives.writeString(out, "ks");
        Primitives.writeString(out, "created");
      };
    }
    if (normalized.startsWith("SELECT * FROM system.local")) {
      return FakeResponses.rows(LOCAL_COLUMNS, List.of(localRow()));
    }
    if (normalized.startsWith("SELECT schema_version FROM system.local")) {
      return FakeResponses.rows(
          List.of(new Column("schema_version", PrimitiveType.UUID)),
          List.of(List.of(localSchemaVersion())));
    }
    if (normalized.equals("SELECT * FROM system.peers")) {
      List<List<Object>> rows = new ArrayList<>();
      for (FakeNode peer : cluster.nodes()) {
        if (peer != this) {
          rows.add(peer.peerRow());
        }
      }
      return FakeResponses.rows(PEER_COLUMNS, rows);
    }
    if (normalized.startsWith("SELECT schema_version FROM system.peers")) {
      List<List<Object>> rows = new ArrayList<>();
      for (FakeNode peer : cluster.nodes()) {
        if (peer != this) {
          rows.add(List.of(peer.schemaVersion));
        }
      }
      return FakeResponses.rows(List.of(new Column("schema_version", PrimitiveType.UUID)), rows);
    }
    if (normalized.startsWith("SELECT peer, rpc_address, schema_version FROM system.peers")) {
      List<List<Object>> rows = new ArrayList<>();
      for (FakeNode peer : cluster.nodes()) {
        if (peer != this) {
          InetAddress ip = peer.address.getAddress();
          rows.add(List.of(ip, ip, peer.schemaVersion));
        }
      }
      return FakeResponses.rows(
          List.of(
              new Column("peer", PrimitiveType.INET),
              new Column("rpc_address", PrimitiveType.INET),
              new Column("schema_version", PrimitiveType.UUID)),
          rows);
    }
    if (normalized.startsWith("SELECT keyspace_name, replication FROM system_schema.keyspaces")) {
      List<List<Object>> rows = new ArrayList<>();
      cluster.replication().forEach((ks, options) -> rows.add(List.of(ks, options)));
      return FakeResponses.rows(
          List.of(
              new Column("keyspace_name", PrimitiveType.TEXT),
              new Column(
                  "replication",
                  new DataType.MapType(PrimitiveType.TEXT, PrimitiveType.TEXT, false))),
          rows);
    }
    return null;
  }

  private static final DataType TEXT_SET = new DataType.SetType(PrimitiveType.TEXT, false);
  private static final List<Column> LOCAL_COLUMNS =
      List.of(
          new Column("key", PrimitiveType.TEXT),
          new Column("cluster_name", PrimitiveType.TEXT),
          new Column("data_center", PrimitiveType.TEXT),
          new Column("rack", PrimitiveType.TEXT),
          new Column("host_id", PrimitiveType.UUID),
          new Column("release_version", PrimitiveType.TEXT),
          new Column("partitioner", PrimitiveType.TEXT),
          new Column("tokens", TEXT_SET),
          new Column("rpc_address", PrimitiveType.INET),
          new Column("schema_version", PrimitiveType.UUID));
  private static final List<Column> PEER_COLUMNS =
      List.of(
          new Column("peer", PrimitiveType.INET),
          new Column("rpc_address", PrimitiveType.INET),
          new Column("data_center", PrimitiveType.TEXT),
          new Column("rack", PrimitiveType.TEXT),
          new Column("host_id", PrimitiveType.UUID),
          new Column("release_version", PrimitiveType.TEXT),
          new Column("tokens", TEXT_SET),
          new Column("schema_version", PrimitiveType.UUID));

  private List<Object> localRow() {
    return List.of(
        "local",
        "fake",
        cluster.datacenter(index),
        "rack1",
        hostId,
        "3.11.4",
        cluster.partitioner(),
        tokens,
        address.getAddress(),
        localSchemaVersion());
  }

  private List<Object> peerRow() {
    InetAddress ip = address.getAddress();
    return List.of(
        ip, ip, cluster.datacenter(index), "rack1", hostId, "3.11.4", tokens, schemaVersion);
  }

  @Override
  public String toString() {
    return "FakeNode" + index + "(" + address + ")";
  }

  static Map<String, String> simple(int factor) {
    return Map.of(
        "class",
        "org.apache.cassandra.locator.SimpleStrategy",
        "replication_factor",
        String.valueOf(factor));
  }
}
