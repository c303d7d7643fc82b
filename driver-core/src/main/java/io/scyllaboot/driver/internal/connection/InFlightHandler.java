package io.scyllaboot.driver.internal.connection;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderException;
import io.scyllaboot.driver.api.error.BusyConnectionException;
import io.scyllaboot.driver.api.error.ConnectionException;
import io.scyllaboot.driver.api.error.FrameDecodingException;
import io.scyllaboot.driver.api.error.NodeUnresponsiveException;
import io.scyllaboot.driver.api.error.RequestNotSentException;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.frame.DecodeFailure;
import io.scyllaboot.driver.internal.protocol.frame.FrameHeader;
import io.scyllaboot.driver.internal.protocol.frame.PartialFrames;
import io.scyllaboot.driver.internal.protocol.frame.RequestFrames;
import io.scyllaboot.driver.internal.protocol.frame.ResponseFrame;
import io.scyllaboot.driver.internal.protocol.message.Response;
import io.scyllaboot.driver.internal.protocol.message.RowsResult;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javax.net.ssl.SSLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Matches responses to requests by stream id. Owns the stream ids, the table of requests in flight
 * and the queue of requests waiting for an id; all of it is confined to the channel's event loop,
 * so nothing here takes a lock.
 *
 * <p>A request that finds no free id waits in a bounded queue and is written as soon as a response
 * frees one; past the bound it fails with {@link BusyConnectionException}. When the channel closes,
 * every request in flight or waiting fails with a {@link ConnectionException}.
 *
 * <p>A request that times out keeps its stream id until its late response comes, so that the id is
 * never matched to a newer request: it is <em>orphaned</em>. When more ids than {@link
 * ConnectionOptions#maxOrphanedStreamIds()} are orphaned at once, the node has stopped answering (a
 * frozen process, a half-open TCP connection) and the connection is closed, to be replaced.
 *
 * <p>Deadlines: instead of a timer entry per request (an allocation and a cross-thread queue per
 * request, a cancellation per response), the requests with a deadline are linked in a list in the
 * order they were written, and one task walks it every {@link #DEADLINE_TICK_NANOS} while anything
 * is in flight or waiting, failing the expired ones. A timeout fires at most one tick late.
 *
 * <p>Responsiveness: the same tick notices a connection whose requests wait while nothing at all
 * has been read for half {@link #watchResponsiveness the unresponsive timeout}, and then sends an
 * OPTIONS probe: a node that is alive answers it at once, however slow the queries it runs (a big
 * partition, an ANN search), and its answer is progress. Only when nothing at all, the probe
 * included, has been read for the whole timeout (a frozen process, a stalled node) is the
 * connection reported unresponsive: its node is then avoided by new requests, and the idempotent
 * requests waiting that long fail with {@link NodeUnresponsiveException} to move to the next node.
 * Their stream ids stay held until the late responses, but they are <em>moved</em>, not orphaned:
 * they did not time out and do not count against the orphan bound, so that a stall shorter than the
 * request timeout never closes a busy connection (and fails its non-idempotent requests, which the
 * node would have answered a moment later). The first response read afterwards reports it
 * responsive again. The hot path only counts responses.
 */
final class InFlightHandler extends ChannelInboundHandlerAdapter {
  private static final Logger LOG = LoggerFactory.getLogger(InFlightHandler.class);

  /** How often the deadlines of the requests in flight are checked: the session timer's tick. */
  static final long DEADLINE_TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

  private final StreamIds ids;
  private final PendingRequest[] inFlight;
  private final ArrayDeque<PendingRequest> waiting = new ArrayDeque<>();
  private final int maxWaiting;
  private final int maxOrphaned;
  private int orphaned;
  // Stream ids held by requests moved off while the connection was unresponsive: not orphans.
  private int moved;
  private final String name;
  private final Consumer<Response.Event> eventListener;
  private ChannelHandlerContext ctx;
  private ConnectionException closedError;
  // The written requests with a deadline, oldest first, and whether a deadline check is scheduled.
  private PendingRequest head;
  private PendingRequest tail;
  private boolean checkScheduled;
  private final Runnable checkDeadlines = this::checkDeadlines;
  // Responsiveness: responses read (counted on the hot path), the count the last tick saw, when
  // a tick last saw it grow, the timeout (0: not watched) and whether the connection is reported
  // unresponsive to the listener.
  private int responses;
  private int responsesSeen;
  private long lastProgressNanos;
  private long unresponsiveNanos;
  private ResponsivenessListener responsivenessListener;
  private boolean unresponsive;
  // Framing: the decoder ahead in the pipeline (found on the first tick), the response count when
  // a tick first saw it holding an incomplete frame, and since when (stalled: no frame completed).
  private PartialFrames decoder;
  private boolean decoderLookedUp;
  private boolean framingStalled;
  private int responsesAtStall;
  private long framingStalledSince;
  // The OPTIONS probe of a silent connection: its frames (null: no probe), the one in flight.
  private Supplier<ByteBuf> probeFrames;
  private PendingRequest probe;

  InFlightHandler(
      int maxRequests,
      int maxWaiting,
      int maxOrphaned,
      String name,
      Consumer<Response.Event> eventListener) {
    this.ids = new StreamIds(maxRequests);
    this.inFlight = new PendingRequest[maxRequests + 1]; // ids from 1: see StreamIds
    this.maxWaiting = maxWaiting;
    this.maxOrphaned = maxOrphaned;
    this.name = name;
    this.eventListener = eventListener;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext context) {
    this.ctx = context;
    this.lastProgressNanos = System.nanoTime();
  }

  /**
   * Watches the connection from now on: when requests wait on it while nothing has been read for
   * {@code timeoutNanos}, it is reported unresponsive to {@code listener}, and responsive again
   * after the next response (or when it closes). Event loop only.
   */
  void watchResponsiveness(long timeoutNanos, ResponsivenessListener listener) {
    watchResponsiveness(timeoutNanos, listener, null);
  }

  /**
   * As {@link #watchResponsiveness(long, ResponsivenessListener)}, probing a connection silent for
   * half the timeout with a request from {@code probeFrames} (an encoded OPTIONS, stream id set
   * here): the connection is reported unresponsive only if the probe is not answered either. Null:
   * no probe. Event loop only.
   */
  void watchResponsiveness(
      long timeoutNanos, ResponsivenessListener listener, Supplier<ByteBuf> probeFrames) {
    this.unresponsiveNanos = timeoutNanos;
    this.responsivenessListener = listener;
    this.probeFrames = probeFrames;
  }

  /** Writes (without flushing) or queues a request. Event loop only. */
  void write(PendingRequest request) {
    if (request.isDone()) {
      request.releaseFrame(); // timed out or cancelled while queued: never sent
      return;
    }
    if (closedError != null) {
      request.releaseFrame();
      request.completeExceptionally(
          new RequestNotSentException(
              name + " was closing; the request was not sent", closedError));
      return;
    }
    // Requests already waiting go first: a new one may not jump the queue.
    if (waiting.isEmpty() && ids.available() > 0) {
      assignAndWrite(request);
      return;
    }
    if (waiting.size() >= maxWaiting) {
      request.releaseFrame();
      request.completeExceptionally(
          new BusyConnectionException(
              name
                  + " has all "
                  + ids.capacity()
                  + " stream ids in use and "
                  + waiting.size()
                  + " requests waiting; refusing more"));
    } else {
      waiting.addLast(request);
      if (request.deadlineNanos != PendingRequest.NO_DEADLINE) {
        scheduleCheck();
      }
    }
  }

  /**
   * Writes (without flushing) a request at once if a stream id is free and no request waits for
   * one; otherwise leaves it alone and returns false. For heartbeats, which must never queue behind
   * traffic or hold a busy connection hostage. Event loop only.
   */
  boolean tryWrite(PendingRequest request) {
    if (closedError != null || !waiting.isEmpty() || ids.available() == 0) {
      return false;
    }
    assignAndWrite(request);
    return true;
  }

  /** Writes a request on a free stream id; the caller has checked that one is available. */
  private void assignAndWrite(PendingRequest request) {
    if (request.isDone()) {
      request.releaseFrame();
      return;
    }
    int id = ids.acquire();
    inFlight[id] = request;
    request.streamId = id;
    if (request.deadlineNanos != PendingRequest.NO_DEADLINE) {
      link(request);
      scheduleCheck();
    }
    ByteBuf frame = request.takeFrame();
    RequestFrames.setStreamId(frame, id);
    ctx.write(frame, ctx.voidPromise());
  }

  private void link(PendingRequest request) {
    request.linked = true;
    request.previous = tail;
    request.next = null;
    if (tail == null) {
      head = request;
    } else {
      tail.next = request;
    }
    tail = request;
  }

  private void unlink(PendingRequest request) {
    request.linked = false;
    PendingRequest before = request.previous;
    PendingRequest after = request.next;
    if (before == null) {
      head = after;
    } else {
      before.next = after;
    }
    if (after == null) {
      tail = before;
    } else {
      after.previous = before;
    }
    request.previous = null;
    request.next = null;
  }

  private void scheduleCheck() {
    if (!checkScheduled) {
      checkScheduled = true;
      ctx.executor().schedule(checkDeadlines, DEADLINE_TICK_NANOS, TimeUnit.NANOSECONDS);
    }
  }

  /**
   * Fails every request past its deadline, then applies the orphan bound once, so that requests
   * expiring together all report their timeout. Reschedules itself while anything is pending.
   */
  private void checkDeadlines() {
    checkScheduled = false;
    if (closedError != null) {
      return;
    }
    long now = System.nanoTime();
    long stalledNanos = framingStalledNanos(now);
    boolean framingLost = unresponsiveNanos > 0 && stalledNanos >= unresponsiveNanos;
    PendingRequest request = head;
    while (request != null) {
      PendingRequest after = request.next;
      if (request.isExpired(now)) {
        // Timed out without a single frame completing in its whole life, bytes waiting meanwhile.
        framingLost |= stalledNanos > 0 && stalledNanos >= now - request.createdNanos();
        unlink(request);
        // Its stream id stays held until the late response, also when the request was cancelled
        // (a speculative execution that lost): a linked request always holds an id.
        request.expire();
        request.orphaned = true;
        orphaned++;
      }
      request = after;
    }
    if (!waiting.isEmpty()) {
      Iterator<PendingRequest> queued = waiting.iterator();
      while (queued.hasNext()) {
        PendingRequest candidate = queued.next();
        if (candidate.isDone() || candidate.isExpired(now)) {
          queued.remove();
          candidate.releaseFrame();
          candidate.expire();
        }
      }
    }
    if (framingLost) {
      String reason =
          name
              + " closed: no frame completed for "
              + stalledNanos / 1_000_000
              + " ms while "
              + decoder.bufferedBytes()
              + " bytes of an incomplete one were read and requests waited: the framing is lost";
      LOG.warn("[{}] {}", name, reason);
      failAll(new ConnectionException(reason));
      ctx.close();
      return;
    }
    if (unresponsiveNanos > 0) {
      checkResponsiveness(now);
    }
    if (orphaned > maxOrphaned) {
      LOG.warn(
          "[{}] {} timed-out requests still hold their stream ids (bound {}): the node stopped"
              + " answering; closing the connection",
          name,
          orphaned,
          maxOrphaned);
      failAll(
          new ConnectionException(
              name
                  + " closed: "
                  + orphaned
                  + " orphaned stream ids (requests timed out without a response) passed the"
                  + " bound of "
                  + maxOrphaned));
      ctx.close();
      return;
    }
    if (head != null || !waiting.isEmpty()) {
      scheduleCheck();
    }
  }

  /**
   * How long the decoder has held an incomplete frame while no frame completed, as seen by the
   * ticks (0: it holds none, or a frame completed since the last tick). A silent node leaves the
   * decoder empty; a length that never completes keeps bytes in it. Ticks only: nothing on the read
   * path.
   */
  private long framingStalledNanos(long now) {
    if (!decoderLookedUp) {
      decoderLookedUp = true;
      for (Map.Entry<String, ChannelHandler> entry : ctx.pipeline()) {
        if (entry.getValue() instanceof PartialFrames partial) {
          decoder = partial;
        }
      }
    }
    if (decoder == null || decoder.bufferedBytes() == 0 || responses != responsesAtStall) {
      responsesAtStall = responses;
      framingStalled = false;
      return 0;
    }
    if (!framingStalled) {
      framingStalled = true;
      framingStalledSince = now;
      return 0;
    }
    return now - framingStalledSince;
  }

  /**
   * Reports the connection unresponsive when its oldest waiting request, and every response (the
   * probe's included), are older than the timeout; then moves the idempotent requests that waited
   * that long. Progress is seen per tick: the response counter grew since the last one.
   */
  private void checkResponsiveness(long now) {
    if (responses != responsesSeen) {
      responsesSeen = responses;
      lastProgressNanos = now;
      return;
    }
    PendingRequest oldest = head;
    if (oldest == null) {
      return;
    }
    long sent = oldest.createdNanos();
    long waitingSince = lastProgressNanos - sent > 0 ? lastProgressNanos : sent;
    long silence = now - waitingSince;
    if (silence >= unresponsiveNanos / 2 && probe == null && probeFrames != null) {
      sendProbe();
    }
    if (silence < unresponsiveNanos) {
      return;
    }
    if (!unresponsive) {
      unresponsive = true;
      LOG.debug(
          "[{}] nothing read for {} ms while requests wait: unresponsive",
          name,
          (now - waitingSince) / 1_000_000);
      if (responsivenessListener != null) {
        responsivenessListener.responsivenessChanged(false);
      }
    }
    PendingRequest request = head;
    while (request != null) {
      PendingRequest after = request.next;
      if (now - request.createdNanos() >= unresponsiveNanos && request.movable()) {
        unlink(request);
        request.moved = true; // keeps its stream id until the late response, as no orphan
        moved++;
        request.completeExceptionally(
            new NodeUnresponsiveException(
                name
                    + " read nothing for "
                    + (now - waitingSince) / 1_000_000
                    + " ms while requests waited; the idempotent request moves to the next node"));
      }
      request = after;
    }
  }

  /**
   * Writes the OPTIONS probe on a free stream id, ahead of any queued request. None free: no probe,
   * and the silence is judged without it (every id held and nothing read is no slow query).
   */
  private void sendProbe() {
    if (ids.available() == 0) {
      return;
    }
    PendingRequest request = new PendingRequest(probeFrames.get(), name, 0);
    probe = request;
    assignAndWrite(request);
    ctx.flush();
  }

  private void responsive() {
    unresponsive = false;
    if (responsivenessListener != null) {
      responsivenessListener.responsivenessChanged(true);
    }
  }

  /** Whether the connection is reported unresponsive; event loop only (for tests). */
  boolean isUnresponsive() {
    return unresponsive;
  }

  int orphanedCount() {
    return orphaned;
  }

  /** Stream ids held by requests moved off while unresponsive; event loop only (for tests). */
  int movedCount() {
    return moved;
  }

  int inFlightCount() {
    return ids.capacity() - ids.available();
  }

  @Override
  public void channelRead(ChannelHandlerContext context, Object msg) {
    if (msg instanceof ResponseFrame frame) {
      if (frame.streamId() == FrameHeader.EVENT_STREAM_ID) {
        if (frame.message() instanceof Response.Event event) {
          eventListener.accept(event);
        } else {
          LOG.warn("[{}] {} on the event stream; ignored", name, frame.message());
          discard(frame); // a response moved to the event stream still holds its rows
        }
        return;
      }
      responses++;
      if (unresponsive) {
        responsive();
      }
      PendingRequest request = release(frame.streamId());
      if (request != null && request == probe) {
        probe = null; // answered: the node is alive (and counted as progress above)
      }
      if (request == null || !request.complete(frame)) {
        if (request != null) {
          request.lateResponse(); // a loser's latency, for the latency policy
        }
        discard(frame);
      }
    } else if (msg instanceof DecodeFailure failure) {
      FrameDecodingException error =
          new FrameDecodingException(
              "could not decode "
                  + Opcodes.name(failure.opcode())
                  + " response from "
                  + name
                  + ": "
                  + failure.cause().getMessage(),
              failure.cause());
      PendingRequest request = release(failure.streamId());
      if (request != null) {
        request.completeExceptionally(error);
      }
      // A server that sent one malformed frame may have misframed the next ones as well: close
      // rather than read anything else from it.
      closeAfter(error);
    } else {
      context.fireChannelRead(msg);
    }
  }

  /**
   * Fails everything still in flight or waiting and closes the connection: a response on it did not
   * parse as its request's answer. Event loop only.
   */
  void closeAfter(FrameDecodingException cause) {
    if (closedError != null) {
      return;
    }
    LOG.warn("[{}] closing connection: {}", name, cause.getMessage());
    failAll(new ConnectionException(name + " closed: " + cause.getMessage(), cause));
    ctx.close();
  }

  private PendingRequest release(int streamId) {
    if (streamId == 0) {
      // No request ever holds stream 0 (see StreamIds): a node's error that lost its stream id.
      LOG.warn(
          "[{}] response on stream 0, which no request uses: the node answered a request"
              + " without its stream id (Cassandra 5.0 does so for a request that waited longer"
              + " than native_transport_timeout in its queue); ignored, that request times out",
          name);
      return null;
    }
    if (streamId < 0 || streamId >= inFlight.length || inFlight[streamId] == null) {
      LOG.warn("[{}] response for unknown stream id {}; ignored", name, streamId);
      return null;
    }
    PendingRequest request = inFlight[streamId];
    inFlight[streamId] = null;
    ids.release(streamId);
    if (request.orphaned) {
      orphaned--;
    } else if (request.moved) {
      moved--;
    } else if (request.linked) {
      unlink(request);
    }
    // Timed-out waiters are skipped without taking an id, so keep going while ids are free.
    while (ids.available() > 0 && !waiting.isEmpty()) {
      assignAndWrite(waiting.pollFirst());
    }
    return request;
  }

  /** A response nobody waits for any more (its request timed out): free what it holds. */
  private static void discard(ResponseFrame frame) {
    if (frame.message() instanceof RowsResult rows) {
      rows.release();
    }
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext context) {
    context.flush(); // requests released from the waiting queue during this read
    context.fireChannelReadComplete();
  }

  @Override
  public void channelInactive(ChannelHandlerContext context) {
    failAll(new ConnectionException(name + " closed"));
    context.fireChannelInactive();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
    Throwable error =
        cause instanceof DecoderException && cause.getCause() != null ? cause.getCause() : cause;
    if (error instanceof SSLException) {
      // A failed TLS handshake: the channel factory reports it with the node's name.
      LOG.debug("[{}] closing connection after TLS failure: {}", name, error.toString());
    } else {
      LOG.warn("[{}] closing connection after unexpected error", name, error);
    }
    // A typed connection error from the codecs (a CRC mismatch) reaches the requests as is.
    failAll(
        error instanceof ConnectionException typed
            ? typed
            : new ConnectionException(name + " failed: " + error, error));
    context.close();
  }

  private void failAll(ConnectionException error) {
    if (closedError != null) {
      return;
    }
    closedError = error;
    if (unresponsive) {
      responsive(); // gone from the pool: no longer counts against its node
    }
    orphaned = 0;
    moved = 0;
    probe = null;
    head = null;
    tail = null;
    for (int id = 0; id < inFlight.length; id++) {
      PendingRequest request = inFlight[id];
      if (request != null) {
        inFlight[id] = null;
        ids.release(id);
        request.completeExceptionally(error);
      }
    }
    PendingRequest queued;
    while ((queued = waiting.pollFirst()) != null) {
      queued.releaseFrame();
      queued.completeExceptionally(
          new RequestNotSentException(
              name + " closed while the request waited for a stream id; it was not sent", error));
    }
  }

  /**
   * Fails everything in flight or waiting: the event loop stopped with the connection still open,
   * so nothing else ever will. Only after the loop terminated (its state is then this thread's).
   */
  void failAfterLoopStopped() {
    failAll(new ConnectionException(name + " closed: its event loop stopped"));
  }

  boolean isClosed() {
    return closedError != null;
  }
}
