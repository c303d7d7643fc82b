package io.scyllaboot.driver.testing;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32;

/**
 * A hostile server for tests: a TCP proxy on a loopback port that forwards each connection to a
 * node and corrupts, with a seeded random choice, the node's answers to QUERY, EXECUTE, BATCH and
 * PREPARE on data connections (never on the control connection, the one that sends REGISTER, nor
 * during the handshake or for heartbeats). Protocol v4 frames, and protocol v5 without compression:
 * once the node's READY has passed, the proxy reassembles the envelopes from the segments each way,
 * and sends each answer, corrupted or not, in segments of its own with valid checksums (so that the
 * corruption reaches the envelope decoder, not just the checksum check).
 *
 * <p>The choice of which answers to corrupt is seeded: one random sequence per {@link #mutate}
 * call, drawn from the seed and the kind, consumed in the order the answers arrive; a test that
 * sends its requests one at a time gets the same choices on every run. Blocking threads, two per
 * connection.
 */
public final class MutatingProxy implements AutoCloseable {
  private static final int QUERY = 0x07;
  private static final int PREPARE = 0x09;
  private static final int EXECUTE = 0x0A;
  private static final int REGISTER = 0x0B;
  private static final int BATCH = 0x0D;
  private static final int READY = 0x02;
  private static final int AUTH_SUCCESS = 0x10;
  private static final int SEGMENT_HEADER = 6;
  private static final int SEGMENT_TRAILER = 4;
  private static final int MAX_SEGMENT_PAYLOAD = (1 << 17) - 1;
  private static final int SELF_CONTAINED = 1 << 17;
  private static final byte[] CRC32_SEED = {(byte) 0xFA, (byte) 0x2D, (byte) 0x55, (byte) 0xCA};

  private final InetSocketAddress target;
  private final ServerSocket server;
  private final long seed;
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final AtomicInteger connections = new AtomicInteger();
  private final AtomicInteger applied = new AtomicInteger();
  private volatile FrameMutation mutation;
  private volatile double probability;
  private volatile Random random = new Random(0);

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

  /**
   * Corrupts each answer to a statement that {@code kind} applies to, with the given probability.
   */
  public void mutate(FrameMutation kind, double chance) {
    this.probability = chance;
    this.random = new Random(seed * 31 + kind.ordinal());
    this.mutation = kind;
    this.applied.set(0);
  }

  /** Forwards everything unchanged from now on. */
  public void stopMutating() {
    this.mutation = null;
  }

  /** Connections accepted so far. */
  public int connections() {
    return connections.get();
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
        connections.incrementAndGet();
        Connection connection = new Connection(client, upstream);
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
    private final Map<Integer, Integer> requestOpcodes = new ConcurrentHashMap<>();
    private volatile boolean control;
    // Set once the node's READY (or AUTH_SUCCESS) of a v5 handshake is on its way to the client:
    // from then on both directions carry segments.
    private volatile boolean segmented;

    Connection(Socket client, Socket upstream) {
      this.client = client;
      this.upstream = upstream;
    }

    /** Client to node: forwarded as read, noting each request's opcode. */
    void requests() {
      try (DataInputStream in = new DataInputStream(client.getInputStream())) {
        OutputStream out = upstream.getOutputStream();
        Envelopes envelopes = new Envelopes();
        while (true) {
          // The client sends after the READY only, so the first byte tells which format follows.
          int first = in.read();
          if (first < 0) {
            throw new EOFException();
          }
          if (segmented) {
            byte[] segment = readSegment(first, in);
            envelopes.add(
                segment, SEGMENT_HEADER, segment.length - SEGMENT_HEADER - SEGMENT_TRAILER);
            for (byte[] envelope = envelopes.next();
                envelope != null;
                envelope = envelopes.next()) {
              noteRequest(envelope);
            }
            out.write(segment);
          } else {
            byte[] frame = readFrame(first, in);
            noteRequest(frame);
            out.write(frame);
          }
          out.flush();
        }
      } catch (IOException e) {
        closeBoth();
      }
    }

    private void noteRequest(byte[] frame) {
      int opcode = frame[4] & 0xFF;
      if (opcode == REGISTER) {
        control = true;
      }
      requestOpcodes.put((int) (short) FrameMutation.getShort(frame, 2), opcode);
    }

    /** Node to client: each frame forwarded, or corrupted when it answers a statement. */
    void responses() {
      try (DataInputStream in = new DataInputStream(upstream.getInputStream())) {
        OutputStream out = client.getOutputStream();
        Envelopes envelopes = new Envelopes();
        while (true) {
          int first = in.read();
          if (first < 0) {
            throw new EOFException();
          }
          if (!segmented) {
            byte[] frame = readFrame(first, in);
            int opcode = frame[4] & 0xFF;
            if ((frame[0] & 0x7F) >= 5 && (opcode == READY || opcode == AUTH_SUCCESS)) {
              segmented = true; // the READY itself is still a plain frame
            }
            if (!respond(frame, false, out)) {
              return;
            }
            continue;
          }
          byte[] segment = readSegment(first, in);
          envelopes.add(segment, SEGMENT_HEADER, segment.length - SEGMENT_HEADER - SEGMENT_TRAILER);
          for (byte[] envelope = envelopes.next(); envelope != null; envelope = envelopes.next()) {
            if (!respond(envelope, true, out)) {
              return;
            }
          }
        }
      } catch (IOException e) {
        closeBoth();
      }
    }

    /**
     * Writes one answer, corrupted or not, as is or in segments; false once the connection is
     * closed on purpose.
     */
    private boolean respond(byte[] frame, boolean inSegments, OutputStream out) throws IOException {
      Integer request = requestOpcodes.remove((int) (short) FrameMutation.getShort(frame, 2));
      FrameMutation kind = mutation;
      boolean statement =
          request != null
              && (request == QUERY || request == EXECUTE || request == BATCH || request == PREPARE);
      FrameMutation.Output output;
      if (kind == null || control || !statement) {
        output = new FrameMutation.Output(List.of(frame), false, false);
      } else if (!kind.apply(frame.clone(), new Random(0)).applied()) {
        // Nothing to corrupt of that kind here: passes without drawing, so that the chance is
        // that of the frames the kind applies to.
        output = new FrameMutation.Output(List.of(frame), false, false);
      } else {
        Random choice = random;
        output =
            choice.nextDouble() >= probability
                ? new FrameMutation.Output(List.of(frame), false, false)
                : kind.apply(frame, choice);
        if (output.applied()) {
          applied.incrementAndGet();
        }
      }
      byte[] bytes = concat(output.chunks());
      if (inSegments) {
        bytes = segments(bytes);
      }
      if (output.close()) {
        // Closed mid-frame: under v5, mid-segment.
        out.write(bytes, 0, inSegments ? Math.max(1, bytes.length / 2) : bytes.length);
        out.flush();
        closeBoth();
        return false;
      }
      out.write(bytes);
      out.flush();
      return true;
    }

    private void closeBoth() {
      closeQuietly(client);
      closeQuietly(upstream);
    }
  }

  /** A v4-style frame whose first byte was already read. */
  private static byte[] readFrame(int first, DataInputStream in) throws IOException {
    byte[] header = new byte[9];
    header[0] = (byte) first;
    in.readFully(header, 1, 8);
    int length = FrameMutation.getInt(header, 5);
    if (length < 0 || length > 64 * 1024 * 1024) {
      throw new IOException("proxy: unframeable length " + length);
    }
    byte[] frame = Arrays.copyOf(header, 9 + length);
    in.readFully(frame, 9, length);
    return frame;
  }

  /**
   * A whole uncompressed v5 segment, header and trailer included, whose first byte was already
   * read. The checksums are not checked: the bytes come from the node or the driver.
   */
  private static byte[] readSegment(int first, DataInputStream in) throws IOException {
    byte[] header = new byte[SEGMENT_HEADER];
    header[0] = (byte) first;
    in.readFully(header, 1, SEGMENT_HEADER - 1);
    int length =
        ((header[0] & 0xFF) | (header[1] & 0xFF) << 8 | (header[2] & 0xFF) << 16)
            & MAX_SEGMENT_PAYLOAD;
    byte[] segment = Arrays.copyOf(header, SEGMENT_HEADER + length + SEGMENT_TRAILER);
    in.readFully(segment, SEGMENT_HEADER, length + SEGMENT_TRAILER);
    return segment;
  }

  /**
   * {@code payload} as uncompressed v5 segments: one self-contained segment when it fits, else a
   * run of segments that are not. The checksums are computed anew, so they are valid whatever the
   * payload holds.
   */
  static byte[] segments(byte[] payload) {
    boolean selfContained = payload.length <= MAX_SEGMENT_PAYLOAD;
    ByteArrayOutputStream out = new ByteArrayOutputStream(payload.length + 16);
    int at = 0;
    do {
      int length = Math.min(MAX_SEGMENT_PAYLOAD, payload.length - at);
      int header = length | (selfContained ? SELF_CONTAINED : 0);
      writeMediumLe(out, header);
      writeMediumLe(out, crc24(header));
      out.write(payload, at, length);
      CRC32 crc = new CRC32();
      crc.update(CRC32_SEED);
      crc.update(payload, at, length);
      int checksum = (int) crc.getValue();
      for (int i = 0; i < 4; i++) {
        out.write(checksum >>> (8 * i));
      }
      at += length;
    } while (at < payload.length);
    return out.toByteArray();
  }

  /** The CRC24 of a v5 segment header: the three bytes of {@code header}, lowest first. */
  static int crc24(int header) {
    int crc = 0x875060;
    for (int i = 0; i < 3; i++) {
      crc ^= ((header >>> (8 * i)) & 0xFF) << 16;
      for (int bit = 0; bit < 8; bit++) {
        crc <<= 1;
        if ((crc & 0x1000000) != 0) {
          crc ^= 0x1974F0B;
        }
      }
    }
    return crc;
  }

  private static void writeMediumLe(ByteArrayOutputStream out, int value) {
    out.write(value);
    out.write(value >>> 8);
    out.write(value >>> 16);
  }

  private static byte[] concat(List<byte[]> chunks) {
    if (chunks.size() == 1) {
      return chunks.get(0);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] chunk : chunks) {
      out.write(chunk, 0, chunk.length);
    }
    return out.toByteArray();
  }

  /** Envelopes reassembled from the payloads of segments, in order. */
  private static final class Envelopes {
    private byte[] pending = new byte[0];

    void add(byte[] bytes, int from, int length) {
      byte[] more = Arrays.copyOf(pending, pending.length + length);
      System.arraycopy(bytes, from, more, pending.length, length);
      pending = more;
    }

    /** The next whole envelope, or null while it is not all there. */
    byte[] next() throws IOException {
      if (pending.length < 9) {
        return null;
      }
      int length = FrameMutation.getInt(pending, 5);
      if (length < 0 || length > 64 * 1024 * 1024) {
        throw new IOException("proxy: unframeable length " + length);
      }
      if (pending.length < 9 + length) {
        return null;
      }
      byte[] envelope = Arrays.copyOf(pending, 9 + length);
      pending = Arrays.copyOfRange(pending, 9 + length, pending.length);
      return envelope;
    }
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
