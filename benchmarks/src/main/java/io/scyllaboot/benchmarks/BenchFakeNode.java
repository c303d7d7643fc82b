package io.scyllaboot.benchmarks;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.UUID;

/**
 * A lean fake CQL node for the benchmarks, in its own JVM: protocol v4 only, one I/O thread, every
 * answer a canned byte string appended to one buffer per read batch and flushed once at the end of
 * the batch. It answers both drivers' bootstrap (see {@code fake-node.md}: version probes refused
 * with PROTOCOL_ERROR, the {@code cluster_name} projection, system.local with host id, tokens and
 * release 3.11.4, peers_v2 INVALID, system_schema.keyspaces with a fully qualified
 * NetworkTopologyStrategy) and the three benchmark statements:
 *
 * <ul>
 *   <li>{@code INSERT INTO benchmarks.basic (id, val) VALUES (?, ?)}: VOID;
 *   <li>{@code SELECT * FROM benchmarks.basic}: 10 rows (prepared or not);
 *   <li>{@code SELECT * FROM benchmarks.basic WHERE id = ?}: one row echoing the id, with {@code
 *       val} = the id's low 32 bits (the harness fills the real table the same way).
 * </ul>
 *
 * <p>Prepared ids are node-global (MD5 of the query). Usage: {@code BenchFakeNode [host] [port]};
 * prints {@code FAKE-NODE-READY host:port} once listening.
 */
public final class BenchFakeNode {
  static final String INSERT = "INSERT INTO benchmarks.basic (id, val) VALUES (?, ?)";
  static final String SELECT = "SELECT * FROM benchmarks.basic";
  static final String SELECT_KEY = "SELECT * FROM benchmarks.basic WHERE id = ?";

  private static final int READY = 0x02;
  private static final int ERROR = 0x00;
  private static final int SUPPORTED = 0x06;
  private static final int RESULT = 0x08;
  private static final int STARTUP = 0x01;
  private static final int OPTIONS = 0x05;
  private static final int QUERY = 0x07;
  private static final int PREPARE = 0x09;
  private static final int EXECUTE = 0x0A;
  private static final int REGISTER = 0x0B;

  private static final int T_BOOLEAN = 0x0004;
  private static final int T_INT = 0x0009;
  private static final int T_UUID = 0x000C;
  private static final int T_VARCHAR = 0x000D;
  private static final int T_INET = 0x0010;
  private static final int T_MAP = 0x0021;
  private static final int T_SET = 0x0022;

  private final byte[] supported;
  private final byte[] empty = new byte[0];
  private final byte[] voidResult = bytes(b -> b.writeInt(1));
  private final byte[] emptyRows = bytes(b -> b.writeInt(2).writeInt(0).writeInt(0).writeInt(0));
  private final byte[] clusterName;
  private final byte[] local;
  private final byte[] schemaVersion;
  private final byte[] keyspaces;
  private final byte[] keyspacesProjection;
  private final byte[] peersV2Invalid;

  private final byte[] insertId = md5(INSERT);
  private final byte[] selectId = md5(SELECT);
  private final byte[] selectKeyId = md5(SELECT_KEY);
  private final long insertKey = key(insertId);
  private final long selectKey = key(selectId);
  private final long selectKeyKey = key(selectKeyId);
  private final byte[] preparedInsert;
  private final byte[] preparedSelect;
  private final byte[] preparedSelectKey;
  private final byte[] selectRows; // full metadata
  private final byte[] selectRowsNoMetadata;
  private final byte[] keyRowPrefix; // up to the id's [int 16]
  private final byte[] keyRowPrefixNoMetadata;

  BenchFakeNode(InetSocketAddress address) {
    UUID hostId = new UUID(0xFA4E_0000_0000_0001L, 1);
    UUID schema = new UUID(0x5C4E_0000_0000_0001L, 1);
    supported =
        bytes(
            b -> {
              b.writeShort(3);
              writeString(b, "PROTOCOL_VERSIONS");
              writeStringList(b, "3/v3", "4/v4");
              writeString(b, "CQL_VERSION");
              writeStringList(b, "3.4.4");
              writeString(b, "COMPRESSION");
              writeStringList(b);
            });
    clusterName =
        rows(
            "system",
            "local",
            new Object[][] {{"cluster_name", T_VARCHAR}},
            new Object[][] {{"bench-fake"}});
    local =
        rows(
            "system",
            "local",
            new Object[][] {
              {"key", T_VARCHAR},
              {"bootstrapped", T_VARCHAR},
              {"broadcast_address", T_INET},
              {"cluster_name", T_VARCHAR},
              {"cql_version", T_VARCHAR},
              {"data_center", T_VARCHAR},
              {"host_id", T_UUID},
              {"listen_address", T_INET},
              {"partitioner", T_VARCHAR},
              {"rack", T_VARCHAR},
              {"release_version", T_VARCHAR},
              {"rpc_address", T_INET},
              {"rpc_port", T_INT},
              {"schema_version", T_UUID},
              {"tokens", new int[] {T_SET, T_VARCHAR}},
            },
            new Object[][] {
              {
                "local",
                "COMPLETED",
                address.getAddress(),
                "bench-fake",
                "3.4.4",
                "datacenter1",
                hostId,
                address.getAddress(),
                "org.apache.cassandra.dht.Murmur3Partitioner",
                "rack1",
                "3.11.4",
                address.getAddress(),
                address.getPort(),
                schema,
                List.of("0")
              }
            });
    schemaVersion =
        rows(
            "system",
            "local",
            new Object[][] {{"schema_version", T_UUID}},
            new Object[][] {{schema}});
    List<String> replication =
        List.of(
            "class", "org.apache.cassandra.locator.NetworkTopologyStrategy", "datacenter1", "1");
    keyspaces =
        rows(
            "system_schema",
            "keyspaces",
            new Object[][] {
              {"keyspace_name", T_VARCHAR},
              {"durable_writes", T_BOOLEAN},
              {"replication", new int[] {T_MAP, T_VARCHAR, T_VARCHAR}}
            },
            new Object[][] {{"benchmarks", true, replication}});
    keyspacesProjection =
        rows(
            "system_schema",
            "keyspaces",
            new Object[][] {
              {"keyspace_name", T_VARCHAR}, {"replication", new int[] {T_MAP, T_VARCHAR, T_VARCHAR}}
            },
            new Object[][] {{"benchmarks", replication}});
    peersV2Invalid =
        bytes(
            b -> {
              b.writeInt(0x2200);
              writeString(b, "unconfigured table peers_v2");
            });
    Object[][] basic = {{"id", T_UUID}, {"val", T_INT}};
    preparedInsert = prepared(insertId, basic, new int[] {0}, null);
    preparedSelect = prepared(selectId, new Object[0][], new int[0], basic);
    preparedSelectKey =
        prepared(selectKeyId, new Object[][] {{"id", T_UUID}}, new int[] {0}, basic);
    Object[][] ten = new Object[10][];
    for (int i = 0; i < 10; i++) {
      ten[i] = new Object[] {new UUID(0x5EED, i), i};
    }
    selectRows = rows("benchmarks", "basic", basic, ten);
    selectRowsNoMetadata = noMetadataRows(2, 10, ten);
    keyRowPrefix =
        bytes(
            b -> {
              b.writeInt(2);
              writeMetadata(b, "benchmarks", "basic", basic);
              b.writeInt(1).writeInt(16);
            });
    keyRowPrefixNoMetadata = bytes(b -> b.writeInt(2).writeInt(0x0004).writeInt(2).writeInt(1));
  }

  public static void main(String[] args) throws Exception {
    String host = args.length > 0 ? args[0] : "127.0.0.1";
    int port = args.length > 1 ? Integer.parseInt(args[1]) : 19042;
    InetSocketAddress address = new InetSocketAddress(InetAddress.getByName(host), port);
    BenchFakeNode node = new BenchFakeNode(address);
    EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    Channel server =
        new ServerBootstrap()
            .group(group)
            .channel(NioServerSocketChannel.class)
            .option(ChannelOption.SO_REUSEADDR, true)
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childHandler(
                new ChannelInitializer<Channel>() {
                  @Override
                  protected void initChannel(Channel channel) {
                    channel.pipeline().addLast(node.new Handler());
                  }
                })
            .bind(address)
            .sync()
            .channel();
    System.out.println("FAKE-NODE-READY " + host + ":" + port);
    System.out.flush();
    server.closeFuture().sync();
  }

  /** One connection: frames parsed from the accumulated input, answers batched per read. */
  private final class Handler extends ChannelInboundHandlerAdapter {
    private ByteBuf cumulation;
    private ByteBuf out;

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
        if (buf.readableBytes() < 9 + length) {
          break;
        }
        if (out == null) {
          out = ctx.alloc().directBuffer(8192);
        }
        handle(buf, start, length, out);
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
  }

  private void handle(ByteBuf in, int start, int length, ByteBuf out) {
    int version = in.getUnsignedByte(start) & 0x7F;
    int stream = in.getShort(start + 2);
    int opcode = in.getUnsignedByte(start + 4);
    int body = start + 9;
    if ((in.getUnsignedByte(start + 1) & 0x04) != 0) {
      body = skipCustomPayload(in, body); // a request id, say: not this node's business
    }
    if (version != 4) {
      respond(
          out,
          stream,
          ERROR,
          bytes(
              b -> {
                b.writeInt(0x000A);
                writeString(b, "Invalid or unsupported protocol version (" + version + ")");
              }));
      return;
    }
    switch (opcode) {
      case EXECUTE -> execute(in, body, stream, out);
      case OPTIONS -> respond(out, stream, SUPPORTED, supported);
      case STARTUP, REGISTER -> respond(out, stream, READY, empty);
      case QUERY -> {
        int queryLength = in.getInt(body);
        String query = in.toString(body + 4, queryLength, StandardCharsets.UTF_8).trim();
        query(query, stream, out);
      }
      case PREPARE -> {
        int queryLength = in.getInt(body);
        String query = in.toString(body + 4, queryLength, StandardCharsets.UTF_8).trim();
        switch (query) {
          case INSERT -> respond(out, stream, RESULT, preparedInsert);
          case SELECT -> respond(out, stream, RESULT, preparedSelect);
          case SELECT_KEY -> respond(out, stream, RESULT, preparedSelectKey);
          default ->
              respond(out, stream, ERROR, error(0x2200, "fake node: cannot prepare " + query));
        }
      }
      default -> respond(out, stream, ERROR, error(0x000A, "fake node: opcode " + opcode));
    }
  }

  /** The index after a request's {@code [bytes map]} custom payload starting at {@code at}. */
  private static int skipCustomPayload(ByteBuf in, int at) {
    int entries = in.getUnsignedShort(at);
    at += 2;
    for (int i = 0; i < entries; i++) {
      at += 2 + in.getUnsignedShort(at);
      int valueLength = in.getInt(at);
      at += 4 + Math.max(0, valueLength);
    }
    return at;
  }

  private void execute(ByteBuf in, int body, int stream, ByteBuf out) {
    int idLength = in.getUnsignedShort(body);
    long key = idLength == 16 ? in.getLong(body + 2) : 0;
    int params = body + 2 + idLength; // [consistency short][flags byte][values...]
    boolean skipMetadata = (in.getByte(params + 2) & 0x02) != 0;
    if (key == insertKey) {
      respond(out, stream, RESULT, voidResult);
    } else if (key == selectKey) {
      respond(out, stream, RESULT, skipMetadata ? selectRowsNoMetadata : selectRows);
    } else if (key == selectKeyKey) {
      // values: [short count][int 16][16 bytes of uuid]
      int idAt = params + 3 + 2 + 4;
      byte[] prefix = skipMetadata ? keyRowPrefixNoMetadata : keyRowPrefix;
      int size = prefix.length + (skipMetadata ? 4 : 0) + 16 + 8;
      out.writeByte(0x84).writeByte(0).writeShort(stream).writeByte(RESULT).writeInt(size);
      out.writeBytes(prefix);
      if (skipMetadata) {
        out.writeInt(16);
      }
      out.writeBytes(in, idAt, 16);
      out.writeInt(4).writeInt(in.getInt(idAt + 12));
    } else {
      byte[] id = new byte[idLength];
      in.getBytes(body + 2, id);
      respond(
          out,
          stream,
          ERROR,
          bytes(
              b -> {
                b.writeInt(0x2500);
                writeString(b, "unknown prepared id");
                b.writeShort(id.length).writeBytes(id);
              }));
    }
  }

  private void query(String query, int stream, ByteBuf out) {
    if (query.startsWith("SELECT cluster_name FROM system.local")) {
      respond(out, stream, RESULT, clusterName);
    } else if (query.startsWith("SELECT * FROM system.local")) {
      respond(out, stream, RESULT, local);
    } else if (query.startsWith("SELECT schema_version FROM system.local")) {
      respond(out, stream, RESULT, schemaVersion);
    } else if (query.startsWith("SELECT * FROM system.peers_v2")) {
      respond(out, stream, ERROR, peersV2Invalid);
    } else if (query.startsWith("SELECT * FROM system_schema.keyspaces")) {
      respond(out, stream, RESULT, keyspaces);
    } else if (query.startsWith("SELECT keyspace_name, replication FROM system_schema.keyspaces")) {
      respond(out, stream, RESULT, keyspacesProjection);
    } else if (query.equals(SELECT)) {
      respond(out, stream, RESULT, selectRows);
    } else if (query.startsWith("USE ")) {
      String keyspace = query.substring(4).replace("\"", "").trim();
      respond(
          out,
          stream,
          RESULT,
          bytes(
              b -> {
                b.writeInt(3);
                writeString(b, keyspace);
              }));
    } else if (query.startsWith("SELECT")) {
      respond(out, stream, RESULT, emptyRows); // peers, other schema tables
    } else {
      respond(out, stream, RESULT, voidResult); // DDL and anything else
    }
  }

  private static void respond(ByteBuf out, int stream, int opcode, byte[] body) {
    out.writeByte(0x84).writeByte(0).writeShort(stream).writeByte(opcode).writeInt(body.length);
    out.writeBytes(body);
  }

  // ---- encoding of the canned answers (start-up only) ----

  private interface Writer {
    void write(ByteBuf b);
  }

  private static byte[] bytes(Writer writer) {
    ByteBuf b = Unpooled.buffer();
    writer.write(b);
    byte[] result = new byte[b.readableBytes()];
    b.readBytes(result);
    return result;
  }

  private static byte[] error(int code, String message) {
    return bytes(
        b -> {
          b.writeInt(code);
          writeString(b, message);
        });
  }

  private static byte[] md5(String query) {
    try {
      return MessageDigest.getInstance("MD5").digest(query.getBytes(StandardCharsets.UTF_8));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static long key(byte[] id) {
    return Unpooled.wrappedBuffer(id).getLong(0);
  }

  private static void writeString(ByteBuf b, String s) {
    byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
    b.writeShort(utf8.length).writeBytes(utf8);
  }

  private static void writeStringList(ByteBuf b, String... values) {
    b.writeShort(values.length);
    for (String v : values) {
      writeString(b, v);
    }
  }

  private static void writeType(ByteBuf b, Object type) {
    if (type instanceof int[] composite) {
      for (int t : composite) {
        b.writeShort(t);
      }
    } else {
      b.writeShort((Integer) type);
    }
  }

  private static void writeMetadata(ByteBuf b, String ks, String table, Object[][] columns) {
    if (columns.length == 0) {
      b.writeInt(0).writeInt(0);
      return;
    }
    b.writeInt(0x0001).writeInt(columns.length);
    writeString(b, ks);
    writeString(b, table);
    for (Object[] column : columns) {
      writeString(b, (String) column[0]);
      writeType(b, column[1]);
    }
  }

  private static byte[] rows(String ks, String table, Object[][] columns, Object[][] rows) {
    return bytes(
        b -> {
          b.writeInt(2);
          writeMetadata(b, ks, table, columns);
          writeRows(b, rows);
        });
  }

  private static byte[] noMetadataRows(int columns, int count, Object[][] rows) {
    return bytes(
        b -> {
          b.writeInt(2).writeInt(0x0004).writeInt(columns);
          writeRows(b, rows);
        });
  }

  private static void writeRows(ByteBuf b, Object[][] rows) {
    b.writeInt(rows.length);
    for (Object[] row : rows) {
      for (Object value : row) {
        writeValue(b, value);
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static void writeValue(ByteBuf b, Object value) {
    int at = b.writerIndex();
    b.writeInt(0);
    if (value instanceof String s) {
      b.writeBytes(s.getBytes(StandardCharsets.UTF_8));
    } else if (value instanceof Integer i) {
      b.writeInt(i);
    } else if (value instanceof Boolean bool) {
      b.writeByte(bool ? 1 : 0);
    } else if (value instanceof UUID u) {
      b.writeLong(u.getMostSignificantBits()).writeLong(u.getLeastSignificantBits());
    } else if (value instanceof InetAddress ip) {
      b.writeBytes(ip.getAddress());
    } else if (value instanceof List<?> list) { // set<text>, or map<text,text> as k,v,k,v
      boolean map = list.size() > 1 && list.size() % 2 == 0 && "class".equals(list.get(0));
      b.writeInt(map ? list.size() / 2 : list.size());
      for (Object element : (List<Object>) list) {
        writeValue(b, element);
      }
    } else {
      throw new IllegalArgumentException("fake node: cannot encode " + value);
    }
    b.setInt(at, b.writerIndex() - at - 4);
  }

  /** PREPARED (v4): id, variables (with partition key indices), result metadata. */
  private static byte[] prepared(byte[] id, Object[][] variables, int[] pk, Object[][] result) {
    return bytes(
        b -> {
          b.writeInt(4);
          b.writeShort(id.length).writeBytes(id);
          b.writeInt(variables.length == 0 ? 0 : 0x0001).writeInt(variables.length);
          b.writeInt(pk.length);
          for (int index : pk) {
            b.writeShort(index);
          }
          if (variables.length > 0) {
            writeString(b, "benchmarks");
            writeString(b, "basic");
            for (Object[] column : variables) {
              writeString(b, (String) column[0]);
              writeType(b, column[1]);
            }
          }
          if (result == null) {
            b.writeInt(0x0004).writeInt(0); // NO_METADATA, 0 columns (as Cassandra for an INSERT)
          } else {
            writeMetadata(b, "benchmarks", "basic", result);
          }
        });
  }
}
