package io.scyllaboot.test.fakescylla;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.Primitives;
import io.scyllaboot.driver.internal.routing.Tablet;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One client connection of a fake node, served by one shard (one event loop). Frames are parsed
 * from the accumulated input and every answer of a read batch is appended to one buffer, flushed
 * once when the batch ends; an answer paying the cross-shard delay is written on its own, later.
 */
final class ShardConnection extends ChannelInboundHandlerAdapter {
  private static final int MAX_FRAME = 256 << 20;

  private final FakeScyllaNode node;
  private final FakeScyllaCluster cluster;
  private final FakeScyllaNode.Generation generation;
  private final int shard;
  private final int connectionId;
  private final int clientPort;
  private final boolean lean; // no routing, recording or counters: see Builder#lean
  private Map<String, String> startup = Map.of();
  private boolean lwtMark;
  private boolean rateLimitError;
  private boolean tabletsRouting;
  private boolean tabletsRoutingV2;
  private boolean metadataId;
  private ByteBuf cumulation;
  private ByteBuf out;
  private boolean hopFlushPending;

  // The current request's values (offsets into its body) and routing; reused, single-threaded.
  private final QueryParameters parameters = new QueryParameters();
  private final RequestRoute route;

  ShardConnection(
      FakeScyllaNode node,
      FakeScyllaNode.Generation generation,
      int shard,
      int connectionId,
      int clientPort) {
    this.node = node;
    this.cluster = node.cluster();
    this.generation = generation;
    this.shard = shard;
    this.connectionId = connectionId;
    this.clientPort = clientPort;
    this.lean = cluster.lean();
    this.route = new RequestRoute(node, shard);
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    ByteBuf in = (ByteBuf) msg;
    cumulation =
        cumulation == null
            ? in
            : ByteToMessageDecoder.MERGE_CUMULATOR.cumulate(ctx.alloc(), cumulation, in);
    ByteBuf buf = cumulation;
    while (buf.readableBytes() >= 9) {
      int start = buf.readerIndex();
      int length = buf.getInt(start + 5);
      if (length < 0 || length > MAX_FRAME) {
        ctx.close(); // the stream cannot be trusted any more
        return;
      }
      if (buf.readableBytes() < 9 + length) {
        break;
      }
      int stream = buf.getShort(start + 2);
      try {
        handle(ctx, buf, start, length);
      } catch (RuntimeException e) {
        writeError(ctx, stream, Wire.PROTOCOL_ERROR, "fake scylla: malformed request: " + e);
      }
      buf.readerIndex(start + 9 + length);
    }
    if (!buf.isReadable()) {
      buf.release();
      cumulation = null;
    } else {
      buf.discardSomeReadBytes();
    }
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    if (out != null) {
      ByteBuf batch = out;
      out = null;
      ctx.writeAndFlush(batch, ctx.voidPromise());
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    if (cumulation != null) {
      cumulation.release();
      cumulation = null;
    }
    if (out != null) {
      out.release();
      out = null;
    }
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    ctx.close();
  }

  private void handle(ChannelHandlerContext ctx, ByteBuf buf, int start, int length) {
    int version = buf.getUnsignedByte(start) & 0x7F;
    int flags = buf.getUnsignedByte(start + 1);
    int stream = buf.getShort(start + 2);
    int opcode = buf.getUnsignedByte(start + 4);
    if (version != Wire.VERSION) {
      // Drivers then retry with a lower version: the message is what they look for.
      writeError(
          ctx,
          stream,
          Wire.PROTOCOL_ERROR,
          "Invalid or unsupported protocol version (" + version + "); supported versions are (4)");
      return;
    }
    ByteBuf body = buf.slice(start + 9, length);
    if ((flags & Wire.FLAG_CUSTOM_PAYLOAD) != 0) {
      skipBytesMap(body);
    }
    route.reset();
    switch (opcode) {
      case Opcodes.OPTIONS -> {
        record(opcode, stream, null);
        respond(ctx, stream, Opcodes.SUPPORTED, generation.supported(shard));
      }
      case Opcodes.STARTUP -> startup(ctx, stream, Primitives.readStringMap(body));
      case Opcodes.REGISTER -> {
        record(opcode, stream, null);
        cluster.clientRoutes().registered(ctx.channel(), Primitives.readStringList(body));
        respond(ctx, stream, Opcodes.READY, new byte[0]);
      }
      case Opcodes.QUERY -> query(ctx, stream, Primitives.readLongString(body), body);
      case Opcodes.PREPARE -> prepare(ctx, stream, Primitives.readLongString(body));
      case Opcodes.EXECUTE -> execute(ctx, stream, body);
      case Opcodes.BATCH -> {
        record(opcode, stream, null);
        respond(ctx, stream, Opcodes.RESULT, FakeScyllaCluster.VOID);
      }
      default -> {
        record(opcode, stream, null);
        writeError(
            ctx, stream, Wire.PROTOCOL_ERROR, "fake scylla: unsupported " + Opcodes.name(opcode));
      }
    }
  }

  private void startup(ChannelHandlerContext ctx, int stream, Map<String, String> options) {
    startup = Map.copyOf(options);
    record(Opcodes.STARTUP, stream, null);
    if (options.containsKey("COMPRESSION")) {
      writeError(ctx, stream, Wire.PROTOCOL_ERROR, "fake scylla: compression is not supported");
      return;
    }
    // As the server: an extension is on when its key is present, whatever the value.
    lwtMark = options.containsKey(FakeScyllaNode.LWT);
    rateLimitError = options.containsKey(FakeScyllaNode.RATE_LIMIT);
    // v2 subsumes v1: the server then sends only v2 payloads.
    tabletsRoutingV2 =
        cluster.offersTabletsRoutingV2() && options.containsKey(FakeScyllaNode.TABLETS_V2);
    tabletsRouting = !tabletsRoutingV2 && options.containsKey(FakeScyllaNode.TABLETS);
    metadataId = options.containsKey(FakeScyllaNode.METADATA_ID);
    respond(ctx, stream, Opcodes.READY, new byte[0]);
  }

  private void query(ChannelHandlerContext ctx, int stream, String query, ByteBuf body) {
    PrimedStatement primed = cluster.primed(query);
    if (primed != null) {
      String malformed = parameters.read(body);
      if (malformed != null) {
        record(Opcodes.QUERY, stream, query);
        writeError(ctx, stream, Wire.PROTOCOL_ERROR, malformed);
        return;
      }
      routeRequest(ctx, primed, body);
      answer(ctx, stream, Opcodes.QUERY, primed, false, null);
      return;
    }
    record(Opcodes.QUERY, stream, query);
    SystemTables.Answer answer = SystemTables.answer(node, query, ctx.alloc());
    respond(ctx, stream, answer.opcode(), answer.body());
  }

  private void prepare(ChannelHandlerContext ctx, int stream, String query) {
    record(Opcodes.PREPARE, stream, query);
    PrimedStatement primed = cluster.primed(query);
    if (primed == null) {
      writeError(ctx, stream, Wire.INVALID, "fake scylla: nothing primed for " + query);
      return;
    }
    node.markPrepared(primed);
    ByteBuf target = batch(ctx);
    int start = Wire.begin(target, 0, stream, Opcodes.RESULT);
    primed.writePrepared(target, lwtMark, metadataId);
    Wire.end(target, start);
  }

  private void execute(ChannelHandlerContext ctx, int stream, ByteBuf body) {
    int idLength = body.readUnsignedShort();
    int idStart = body.readerIndex();
    PrimedStatement primed = cluster.primedById(body, idStart, idLength);
    body.skipBytes(idLength);
    byte[] clientMetadataId;
    try {
      clientMetadataId = metadataId ? Primitives.readShortBytes(body) : null;
    } catch (IndexOutOfBoundsException e) {
      writeError(ctx, stream, Wire.PROTOCOL_ERROR, "fake scylla: EXECUTE lacks its metadata id");
      return;
    }
    if (primed == null || !node.isPrepared(primed)) {
      record(Opcodes.EXECUTE, stream, primed == null ? null : primed.query);
      ByteBuf target = batch(ctx);
      int start = Wire.begin(target, 0, stream, Opcodes.ERROR);
      Wire.error(target, Wire.UNPREPARED, "fake scylla: unknown prepared id");
      target.writeShort(idLength).writeBytes(body, idStart, idLength);
      Wire.end(target, start);
      return;
    }
    if (tabletsRoutingV2) {
      // <id><query_parameters><tablet_version_block>: the last byte, then the parameters end.
      if (!body.isReadable()) {
        record(Opcodes.EXECUTE, stream, primed.query);
        writeError(ctx, stream, Wire.PROTOCOL_ERROR, "fake scylla: no tablet version block");
        return;
      }
      int end = body.writerIndex() - 1;
      route.versionBlock = body.getUnsignedByte(end);
      body.writerIndex(end);
    }
    String malformed = parameters.read(body);
    if (malformed != null) {
      record(Opcodes.EXECUTE, stream, primed.query);
      writeError(ctx, stream, Wire.PROTOCOL_ERROR, malformed);
      return;
    }
    routeRequest(ctx, primed, body);
    answer(ctx, stream, Opcodes.EXECUTE, primed, parameters.skipMetadata, clientMetadataId);
  }

  /** Answers a primed statement: the rate-limit error or its result, maybe with a tablet. */
  private void answer(
      ChannelHandlerContext ctx,
      int stream,
      int opcode,
      PrimedStatement primed,
      boolean skip,
      byte[] clientMetadataId) {
    boolean elsewhere = route.owningShard >= 0 && route.owningShard != shard;
    long delay = cluster.crossShardDelayNanos();
    long spin = cluster.crossShardHopSpinNanos();
    boolean delayed = elsewhere && delay > 0;
    boolean hop = elsewhere && !delayed && spin >= 0 && route.owningShard < generation.shards();
    ByteBuf target = delayed || hop ? ctx.alloc().heapBuffer() : batch(ctx);
    if (cluster.isRateLimited(primed.query)) {
      route.payloadTablet = null; // errors carry no payload
      int start = Wire.begin(target, 0, stream, Opcodes.ERROR);
      writeRateLimit(target, primed);
      Wire.end(target, start);
    } else {
      int start =
          Wire.begin(
              target,
              route.payloadTablet != null ? Wire.FLAG_CUSTOM_PAYLOAD : 0,
              stream,
              Opcodes.RESULT);
      if (route.payloadTablet != null) {
        ByteBuffer payload =
            route.payloadV2
                ? TabletPayloads.encodeV2(route.payloadTablet, route.payloadVersion)
                : TabletPayloads.encode(route.payloadTablet);
        target.writeShort(1);
        Primitives.writeString(
            target, route.payloadV2 ? Tablet.PAYLOAD_KEY_V2 : Tablet.PAYLOAD_KEY);
        target.writeInt(payload.remaining()).writeBytes(payload);
      }
      primed.writeResult(target, skip, clientMetadataId);
      Wire.end(target, start);
    }
    record(opcode, stream, primed.query);
    if (delayed || hop) {
      byte[] frame = new byte[target.readableBytes()];
      target.readBytes(frame).release();
      // A wrapped array: nothing to release if a loop shuts down before the task runs.
      if (delayed) {
        ctx.executor()
            .schedule(
                () -> ctx.writeAndFlush(Unpooled.wrappedBuffer(frame), ctx.voidPromise()),
                delay,
                TimeUnit.NANOSECONDS);
      } else {
        generation.loops()[route.owningShard].execute(
            () -> {
              spin(spin);
              node.countHop();
              ctx.executor().execute(() -> writeHopped(ctx, frame));
            });
      }
    }
  }

  /**
   * Back on the receiving shard: answers that come back together share one flush, as a real shard's
   * output stream batches them.
   */
  private void writeHopped(ChannelHandlerContext ctx, byte[] frame) {
    ctx.write(Unpooled.wrappedBuffer(frame), ctx.voidPromise());
    if (!hopFlushPending) {
      hopFlushPending = true;
      ctx.executor()
          .execute(
              () -> {
                hopFlushPending = false;
                ctx.flush();
              });
    }
  }

  /** Keeps the (owning shard's) thread busy, as the work of a cross-shard message would. */
  private static void spin(long nanos) {
    if (nanos > 0) {
      long end = System.nanoTime() + nanos;
      while (System.nanoTime() - end < 0) {
        Thread.onSpinWait();
      }
    }
  }

  private void writeRateLimit(ByteBuf target, PrimedStatement primed) {
    String operation = primed.write ? "write" : "read";
    String message =
        "Per-partition rate limit reached for "
            + operation
            + " in table "
            + primed.keyspace
            + "."
            + primed.table
            + ", rejected by coordinator";
    if (rateLimitError) {
      Wire.error(target, Wire.RATE_LIMIT, message);
      target.writeByte(primed.write ? 1 : 0).writeByte(1); // op_type, rejected_by_coordinator
    } else {
      Wire.error(target, Wire.CONFIG_ERROR, message);
    }
  }

  private void routeRequest(ChannelHandlerContext ctx, PrimedStatement primed, ByteBuf body) {
    if (!lean) {
      route.route(ctx.alloc(), generation, primed, body, parameters, tabletsRouting);
    }
  }

  private void record(int opcode, int stream, String query) {
    if (lean) {
      return;
    }
    node.record(
        route.token != null,
        route.token != null && route.owningShard == shard,
        () ->
            new Received(
                opcode,
                stream,
                query,
                shard,
                route.token,
                route.owningShard,
                route.replica,
                route.payloadTablet != null,
                clientPort,
                connectionId,
                startup,
                route.leader,
                route.versionBlock));
  }

  private ByteBuf batch(ChannelHandlerContext ctx) {
    if (out == null) {
      out = ctx.alloc().buffer(4096);
    }
    return out;
  }

  private void respond(ChannelHandlerContext ctx, int stream, int opcode, byte[] body) {
    ByteBuf target = batch(ctx);
    int start = Wire.begin(target, 0, stream, opcode);
    target.writeBytes(body);
    Wire.end(target, start);
  }

  private void writeError(ChannelHandlerContext ctx, int stream, int code, String message) {
    ByteBuf target = batch(ctx);
    int start = Wire.begin(target, 0, stream, Opcodes.ERROR);
    Wire.error(target, code, message);
    Wire.end(target, start);
  }

  private static void skipBytesMap(ByteBuf body) {
    int entries = body.readUnsignedShort();
    for (int i = 0; i < entries; i++) {
      Primitives.skipString(body);
      int length = body.readInt();
      if (length > 0) {
        body.skipBytes(length);
      }
    }
  }
}
