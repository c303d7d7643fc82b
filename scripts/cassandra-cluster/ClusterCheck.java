import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Waits until every node of a cluster answers CQL and lists all the others in {@code system.peers}:
 * {@code java ClusterCheck.java TIMEOUT_SECONDS HOST...} (port 9042). Exits 0 when they do, 1 when
 * the timeout passes first, printing what each node answered last. A timeout of 0 checks once.
 *
 * <p>Speaks just enough of the native protocol v4 (STARTUP, one QUERY, the row count of the
 * result) to need nothing but the JDK, so that scripts/cassandra-cluster.sh runs before any build.
 */
public class ClusterCheck {
  public static void main(String[] args) throws InterruptedException {
    long deadline = System.nanoTime() + Long.parseLong(args[0]) * 1_000_000_000L;
    int nodes = args.length - 1;
    Map<String, String> states = new LinkedHashMap<>();
    while (true) {
      boolean ready = true;
      for (int i = 1; i < args.length; i++) {
        String state;
        try {
          int peers = peerCount(args[i]);
          state = peers + " peer(s)";
          ready &= peers == nodes - 1;
        } catch (IOException | RuntimeException e) {
          state = "no CQL answer (" + e.getMessage() + ")";
          ready = false;
        }
        states.put(args[i], state);
      }
      if (ready) {
        System.out.println("all " + nodes + " nodes answer CQL and list the others: " + states);
        return;
      }
      if (System.nanoTime() >= deadline) {
        System.out.println("not ready: " + states);
        System.exit(1);
      }
      Thread.sleep(1000);
    }
  }

  /** Connects, starts a v4 session, counts the rows of system.peers. */
  static int peerCount(String host) throws IOException {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(host, 9042), 1000);
      socket.setSoTimeout(5000);
      DataOutputStream out = new DataOutputStream(socket.getOutputStream());
      DataInputStream in = new DataInputStream(socket.getInputStream());
      ByteArrayOutputStream body = new ByteArrayOutputStream();
      DataOutputStream b = new DataOutputStream(body);
      b.writeShort(1);
      string(b, "CQL_VERSION");
      string(b, "3.0.0");
      send(out, 0x01, body.toByteArray());
      expect(in, 0x02, "READY");
      body.reset();
      byte[] query = "SELECT peer FROM system.peers".getBytes(StandardCharsets.UTF_8);
      b.writeInt(query.length);
      b.write(query);
      b.writeShort(0x0001); // consistency ONE
      b.writeByte(0); // no flags
      send(out, 0x07, body.toByteArray());
      DataInputStream result = expect(in, 0x08, "RESULT");
      if (result.readInt() != 2) {
        throw new IOException("not a Rows result");
      }
      int flags = result.readInt();
      int columns = result.readInt();
      boolean global = (flags & 0x0001) != 0;
      if ((flags & 0x0002) != 0) {
        result.skipBytes(result.readInt());
      }
      if ((flags & 0x0004) == 0) {
        if (global) {
          skipString(result);
          skipString(result);
        }
        for (int c = 0; c < columns; c++) {
          if (!global) {
            skipString(result);
            skipString(result);
          }
          skipString(result);
          result.readUnsignedShort(); // inet: a type without parameters
        }
      }
      return result.readInt();
    }
  }

  private static void send(DataOutputStream out, int opcode, byte[] body) throws IOException {
    out.writeByte(0x04);
    out.writeByte(0);
    out.writeShort(0);
    out.writeByte(opcode);
    out.writeInt(body.length);
    out.write(body);
    out.flush();
  }

  private static DataInputStream expect(DataInputStream in, int opcode, String name)
      throws IOException {
    in.readUnsignedByte();
    in.readUnsignedByte();
    in.readUnsignedShort();
    int actual = in.readUnsignedByte();
    byte[] body = new byte[in.readInt()];
    in.readFully(body);
    DataInputStream message = new DataInputStream(new java.io.ByteArrayInputStream(body));
    if (actual == 0x00) {
      int code = message.readInt();
      byte[] text = new byte[message.readUnsignedShort()];
      message.readFully(text);
      throw new IOException(
          "error 0x"
              + Integer.toHexString(code)
              + ": "
              + new String(text, StandardCharsets.UTF_8));
    }
    if (actual != opcode) {
      throw new IOException("expected " + name + ", got opcode 0x" + Integer.toHexString(actual));
    }
    return message;
  }

  private static void string(DataOutputStream out, String value) throws IOException {
    byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
    out.writeShort(bytes.length);
    out.write(bytes);
  }

  private static void skipString(DataInputStream in) throws IOException {
    in.skipBytes(in.readUnsignedShort());
  }
}
