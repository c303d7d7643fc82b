package io.scyllaboot.driver.testing.fakenode;

import io.netty.buffer.ByteBuf;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.scyllaboot.driver.testing.fakenode.FakeResponses.Column;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Several {@link FakeNode}s on 127.0.0.1, 127.0.0.2 ... sharing one port, with evenly spaced tokens
 * (node i owns the range ending at its token), primed statements and scripted behaviours. For tests
 * of what one real node cannot show: routing, node down and up, UNPREPARED after a restart, events,
 * slow and lost responses, every server error.
 */
public final class FakeCluster implements AutoCloseable {
  static final UUID SCHEMA = new UUID(42, 42);

  /** A primed prepared statement. */
  public record Prepared(
      String query,
      byte[] id,
      List<Column> variables,
      int[] pkIndices,
      List<Column> result,
      List<List<Object>> rows) {
    String idHex() {
      return HexFormat.of().formatHex(id);
    }
  }

  /**
   * What a node does with a primed query: answer with an error body, answer after a delay, or not
   * at all; optionally only on one node (others answer normally).
   */
  public record Behaviour(
      Consumer<ByteBuf> errorBody,
      long delayMillis,
      boolean silent,
      int onlyNode,
      Map<String, byte[]> payload) {
    public static Behaviour error(Consumer<ByteBuf> body) {
      return new Behaviour(body, 0, false, -1, Map.of());
    }

    public static Behaviour delay(long millis) {
      return new Behaviour(null, millis, false, -1, Map.of());
    }

    public static Behaviour silence() {
      return new Behaviour(null, 0, true, -1, Map.of());
    }

    /** Answers normally, with this custom payload on the result (a tablet's, say). */
    public static Behaviour withPayload(Map<String, byte[]> payload) {
      return new Behaviour(null, 0, false, -1, payload);
    }

    public Behaviour onNode(int node) {
      return new Behaviour(errorBody, delayMillis, silent, node, payload);
    }
  }

  private final EventLoopGroup group =
      new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
  private final List<FakeNode> nodes = new ArrayList<>();
  private final Map<String, Prepared> preparedByQuery = new ConcurrentHashMap<>();
  private final Map<String, Prepared> preparedById = new ConcurrentHashMap<>();
  private final Map<String, Behaviour> behaviours = new ConcurrentHashMap<>();
  private final Set<String> lwtQueries = ConcurrentHashMap.newKeySet();
  private final Set<String> echoing = ConcurrentHashMap.newKeySet();
  private final Map<String, Map<String, String>> replication = new LinkedHashMap<>();
  private final String[] datacenters;
  private volatile String partitioner = "org.apache.cassandra.dht.Murmur3Partitioner";

  /** {@code count} nodes in data center dc1, listening on 127.0.0.i:port. */
  public FakeCluster(int count, int port) {
    this(port, repeat("dc1", count));
  }

  /** One node per entry, in the given data centers. */
  public FakeCluster(int port, String... datacenters) {
    this.datacenters = datacenters;
    int count = datacenters.length;
    for (int i = 0; i < count; i++) {
      // Node i owns the tokens up to its own: spread over the whole Murmur3 range.
      long step = -(Long.MIN_VALUE / count) * 2; // about 2^64 / count; long arithmetic wraps
      long token = Long.MIN_VALUE + (i + 1) * step - 1;
      nodes.add(
          new FakeNode(
              this,
              i,
              new InetSocketAddress("127.0.0." + (i + 1), port),
              Set.of(Long.toString(token))));
    }
    replication.put("ks", FakeNode.simple(1));
    nodes.forEach(FakeNode::start);
  }

  private static String[] repeat(String value, int count) {
    String[] values = new String[count];
    java.util.Arrays.fill(values, value);
    return values;
  }

  EventLoopGroup group() {
    return group;
  }

  public List<FakeNode> nodes() {
    return nodes;
  }

  public FakeNode node(int index) {
    return nodes.get(index);
  }

  String datacenter(int index) {
    return datacenters[index];
  }

  Map<String, Map<String, String>> replication() {
    return replication;
  }

  String partitioner() {
    return partitioner;
  }

  /** Sets the partitioner system.local reports (before the driver connects). */
  public void partitioner(String className) {
    this.partitioner = className;
  }

  /** Sets a keyspace's replication (before the driver connects). */
  public void replication(String keyspace, Map<String, String> options) {
    replication.put(keyspace, options);
  }

  /** Primes a statement that PREPARE accepts; EXECUTE answers with these rows (or VOID). */
  public Prepared prime(
      String query,
      List<Column> variables,
      int[] pkIndices,
      List<Column> result,
      List<List<Object>> rows) {
    Prepared prepared = new Prepared(query, md5(query), variables, pkIndices, result, rows);
    preparedByQuery.put(query, prepared);
    preparedById.put(prepared.idHex(), prepared);
    return prepared;
  }

  /**
   * Marks a primed statement a lightweight transaction, as ScyllaDB does in its prepared metadata;
   * nodes then announce the LWT mark extension (call before the driver connects).
   */
  public void markLwt(String query) {
    lwtQueries.add(query);
  }

  /**
   * Has EXECUTE of a primed statement answer with one row whose only (int) column holds the first
   * bound value, so that a test can tell which request a response answers.
   */
  public void echo(String query) {
    echoing.add(query);
  }

  boolean echoes(String query) {
    return echoing.contains(query);
  }

  boolean announcesLwtMark() {
    return !lwtQueries.isEmpty();
  }

  boolean isLwt(String query) {
    return lwtQueries.contains(query);
  }

  /**
   * Prefixed to a primed statement's text in {@link #behave}: the behaviour applies to its PREPARE
   * (not its EXECUTE).
   */
  public static final String PREPARE_PREFIX = "PREPARE ";

  /** Scripts how nodes answer a query (QUERY by text, EXECUTE by its prepared text). */
  public void behave(String query, Behaviour behaviour) {
    behaviours.put(query, behaviour);
  }

  public void clearBehaviour(String query) {
    behaviours.remove(query);
  }

  Prepared prepared(String query) {
    return preparedByQuery.get(query);
  }

  Prepared preparedById(byte[] id) {
    return id == null ? null : preparedById.get(HexFormat.of().formatHex(id));
  }

  Behaviour behaviour(String query) {
    return query == null ? null : behaviours.get(query);
  }

  private static byte[] md5(String query) {
    try {
      return MessageDigest.getInstance("MD5").digest(query.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void close() {
    nodes.forEach(FakeNode::stop);
    group.shutdownGracefully(0, 1, java.util.concurrent.TimeUnit.SECONDS).syncUninterruptibly();
  }
}
