package io.scyllaboot.driver.internal.connection;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.util.concurrent.PromiseNotifier;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.frame.RequestFrames;
import io.scyllaboot.driver.internal.protocol.frame.SegmentCodec;
import java.util.ArrayList;

/**
 * The outbound side of a protocol v5 connection. Frames up to and including STARTUP go out plain;
 * every later frame is wrapped in segments. Frames written between two flushes are packed into as
 * few self-contained segments as fit (one, for a typical burst of small requests), emitted on
 * flush; a frame too large for one segment is split over segments that are not self-contained.
 *
 * <p>Takes ownership of each frame written and releases it once copied into a segment. Confined to
 * the channel's event loop; never {@code @Sharable}.
 */
final class SegmentEncoder extends ChannelOutboundHandlerAdapter {
  private final SegmentCodec codec;
  private final ArrayList<ByteBuf> pending = new ArrayList<>();
  private final ArrayList<ChannelPromise> pendingPromises = new ArrayList<>();
  private int pendingBytes;
  private boolean framed;

  SegmentEncoder(SegmentCodec codec) {
    this.codec = codec;
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
    if (!framed || !(msg instanceof ByteBuf frame)) {
      if (msg instanceof ByteBuf frame && RequestFrames.opcode(frame) == Opcodes.STARTUP) {
        framed = true; // the node reads segments from the next frame on
      }
      ctx.write(msg, promise);
      return;
    }
    int length = frame.readableBytes();
    if (length > SegmentCodec.MAX_PAYLOAD_LENGTH) {
      emitPending(ctx);
      writeLarge(ctx, frame, promise);
      return;
    }
    if (pendingBytes + length > SegmentCodec.MAX_PAYLOAD_LENGTH) {
      emitPending(ctx);
    }
    pending.add(frame);
    pendingBytes += length;
    if (!promise.isVoid()) {
      pendingPromises.add(promise);
    }
  }

  @Override
  public void flush(ChannelHandlerContext ctx) {
    emitPending(ctx);
    ctx.flush();
  }

  /** Writes the pending frames as one self-contained segment. */
  private void emitPending(ChannelHandlerContext ctx) {
    int count = pending.size();
    if (count == 0) {
      return;
    }
    ByteBuf payload;
    if (count == 1) {
      payload = pending.get(0);
    } else {
      CompositeByteBuf composite = ctx.alloc().compositeBuffer(count);
      composite.addComponents(true, pending); // takes over the frames
      payload = composite;
    }
    pending.clear();
    pendingBytes = 0;
    ChannelPromise promise = promiseForPending(ctx);
    ByteBuf segment;
    try {
      segment = codec.encode(ctx.alloc(), payload, /* selfContained= */ true);
    } catch (RuntimeException e) {
      promise.tryFailure(e);
      return;
    } finally {
      payload.release();
    }
    ctx.write(segment, promise);
  }

  private ChannelPromise promiseForPending(ChannelHandlerContext ctx) {
    if (pendingPromises.isEmpty()) {
      return ctx.voidPromise();
    }
    ChannelPromise promise = ctx.newPromise();
    promise.addListener(new PromiseNotifier<>(pendingPromises.toArray(new ChannelPromise[0])));
    pendingPromises.clear();
    return promise;
  }

  /** Splits a frame over segments that are not self-contained, in order. */
  private void writeLarge(ChannelHandlerContext ctx, ByteBuf frame, ChannelPromise promise) {
    try {
      int end = frame.writerIndex();
      for (int from = frame.readerIndex(); from < end; from += SegmentCodec.MAX_PAYLOAD_LENGTH) {
        int length = Math.min(SegmentCodec.MAX_PAYLOAD_LENGTH, end - from);
        ByteBuf segment =
            codec.encode(ctx.alloc(), frame.slice(from, length), /* selfContained= */ false);
        ctx.write(segment, from + length == end ? promise : ctx.voidPromise());
      }
    } catch (RuntimeException e) {
      promise.tryFailure(e);
    } finally {
      frame.release();
    }
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    for (ByteBuf frame : pending) {
      frame.release();
    }
    pending.clear();
    pendingPromises.clear();
  }
}
