package io.scyllaboot.test.fakescylla;

import io.netty.buffer.ByteBufAllocator;
import io.scyllaboot.driver.api.type.DataType;
import io.scyllaboot.driver.api.type.PrimitiveType;
import io.scyllaboot.driver.internal.protocol.Opcodes;
import io.scyllaboot.driver.internal.protocol.Primitives;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The system tables a driver reads at start-up and on topology or schema changes, answered for one
 * node with the projection and the {@code WHERE column = 'value'} filter of the query honoured.
 * Only start-up paths come here, so the answers are built per query.
 */
final class SystemTables {
  /** An answer: the response opcode and its body. */
  record Answer(int opcode, byte[] body) {}

  private static final Pattern SELECT =
      Pattern.compile("(?is)^\\s*SELECT\\s+(.+?)\\s+FROM\\s+([\\w.\"]+)(.*)$");
  private static final Pattern WHERE = Pattern.compile("(?is)\\bWHERE\\s+(\\w+)\\s*=\\s*'([^']*)'");

  private static final DataType TEXT_SET = new DataType.SetType(PrimitiveType.TEXT, false);
  private static final DataType TEXT_MAP =
      new DataType.MapType(PrimitiveType.TEXT, PrimitiveType.TEXT, false);
  private static final List<Column> LOCAL =
      List.of(
          new Column("key", PrimitiveType.TEXT),
          new Column("bootstrapped", PrimitiveType.TEXT),
          new Column("broadcast_address", PrimitiveType.INET),
          new Column("cluster_name", PrimitiveType.TEXT),
          new Column("cql_version", PrimitiveType.TEXT),
          new Column("data_center", PrimitiveType.TEXT),
          new Column("host_id", PrimitiveType.UUID),
          new Column("listen_address", PrimitiveType.INET),
          new Column("partitioner", PrimitiveType.TEXT),
          new Column("rack", PrimitiveType.TEXT),
          new Column("release_version", PrimitiveType.TEXT),
          new Column("rpc_address", PrimitiveType.INET),
          new Column("rpc_port", PrimitiveType.INT),
          new Column("schema_version", PrimitiveType.UUID),
          new Column("tokens", TEXT_SET));
  private static final List<Column> PEERS =
      List.of(
          new Column("peer", PrimitiveType.INET),
          new Column("data_center", PrimitiveType.TEXT),
          new Column("host_id", PrimitiveType.UUID),
          new Column("preferred_ip", PrimitiveType.INET),
          new Column("rack", PrimitiveType.TEXT),
          new Column("release_version", PrimitiveType.TEXT),
          new Column("rpc_address", PrimitiveType.INET),
          // Not in ScyllaDB's peers; without it the Apache driver warns, then uses the same port.
          new Column("rpc_port", PrimitiveType.INT),
          new Column("schema_version", PrimitiveType.UUID),
          new Column("tokens", TEXT_SET));
  private static final List<Column> KEYSPACES =
      List.of(
          new Column("keyspace_name", PrimitiveType.TEXT),
          new Column("durable_writes", PrimitiveType.BOOLEAN),
          new Column("replication", TEXT_MAP));
  private static final List<Column> SCYLLA_KEYSPACES =
      List.of(
          new Column("keyspace_name", PrimitiveType.TEXT),
          new Column("initial_tablets", PrimitiveType.INT));

  private SystemTables() {}

  /** The answer to a query that is not primed, or null when it is none of the known forms. */
  static Answer answer(FakeScyllaNode node, String query, ByteBufAllocator alloc) {
    String trimmed = query.trim();
    String upper = trimmed.toUpperCase(Locale.ROOT);
    if (upper.startsWith("USE ")) {
      String keyspace = trimmed.substring(4).replace("\"", "").replace(";", "").trim();
      return new Answer(
          Opcodes.RESULT,
          Wire.bytes(
              alloc,
              out -> {
                out.writeInt(3); // SET_KEYSPACE
                Primitives.writeString(out, keyspace);
              }));
    }
    Matcher select = SELECT.matcher(trimmed);
    if (!select.matches()) {
      return new Answer(Opcodes.RESULT, Wire.bytes(alloc, out -> out.writeInt(1))); // VOID
    }
    String table = select.group(2).replace("\"", "").toLowerCase(Locale.ROOT);
    FakeScyllaCluster cluster = node.cluster();
    List<Column> columns;
    List<List<Object>> rows = new ArrayList<>();
    switch (table) {
      case "system.local" -> {
        columns = LOCAL;
        InetAddress ip = node.advertisedAddress().getAddress();
        rows.add(
            List.of(
                "local",
                "COMPLETED",
                ip,
                FakeScyllaCluster.CLUSTER_NAME,
                "3.3.1",
                cluster.datacenter(),
                node.hostId(),
                ip,
                FakeScyllaCluster.PARTITIONER,
                "rack1",
                FakeScyllaCluster.RELEASE_VERSION,
                ip,
                node.advertisedAddress().getPort(),
                FakeScyllaCluster.SCHEMA_VERSION,
                node.tokenStrings()));
      }
      case "system.peers" -> {
        columns = PEERS;
        for (FakeScyllaNode peer : cluster.nodes()) {
          if (peer != node) {
            InetAddress ip = peer.advertisedAddress().getAddress();
            rows.add(
                List.of(
                    ip,
                    cluster.datacenter(),
                    peer.hostId(),
                    ip,
                    "rack1",
                    FakeScyllaCluster.RELEASE_VERSION,
                    ip,
                    peer.advertisedAddress().getPort(),
                    FakeScyllaCluster.SCHEMA_VERSION,
                    peer.tokenStrings()));
          }
        }
      }
      case "system.peers_v2" -> {
        // As ScyllaDB: no peers_v2, drivers fall back to system.peers.
        return new Answer(
            Opcodes.ERROR,
            Wire.bytes(alloc, out -> Wire.error(out, Wire.INVALID, "unconfigured table peers_v2")));
      }
      case "system_schema.keyspaces" -> {
        columns = KEYSPACES;
        for (String keyspace : cluster.keyspaces()) {
          Map<String, String> replication =
              Map.of(
                  "class",
                  "org.apache.cassandra.locator.NetworkTopologyStrategy",
                  cluster.datacenter(),
                  Integer.toString(cluster.replicationFactor()));
          rows.add(List.of(keyspace, true, replication));
        }
      }
      case FakeClientRoutes.TABLE -> {
        return cluster.clientRoutes().answer(trimmed, alloc);
      }
      case "system_schema.scylla_keyspaces" -> {
        columns = SCYLLA_KEYSPACES;
        for (String keyspace : cluster.tabletKeyspaces()) {
          rows.add(List.of(keyspace, 0));
        }
      }
      default -> {
        // Other system and schema tables (and anything else): no rows, no columns.
        return new Answer(
            Opcodes.RESULT,
            Wire.bytes(alloc, out -> out.writeInt(Wire.ROWS).writeInt(0).writeInt(0).writeInt(0)));
      }
    }
    return project(columns, rows, select.group(1), select.group(3), table, alloc);
  }

  static Answer project(
      List<Column> columns,
      List<List<Object>> rows,
      String projection,
      String rest,
      String table,
      ByteBufAllocator alloc) {
    int[] picked;
    if (projection.trim().equals("*")) {
      picked = new int[columns.size()];
      for (int i = 0; i < picked.length; i++) {
        picked[i] = i;
      }
    } else {
      String[] names = projection.split(",");
      picked = new int[names.length];
      for (int i = 0; i < names.length; i++) {
        picked[i] = indexOf(columns, names[i].trim());
        if (picked[i] < 0) {
          String name = names[i].trim();
          return new Answer(
              Opcodes.ERROR,
              Wire.bytes(
                  alloc, out -> Wire.error(out, Wire.INVALID, "Undefined column name " + name)));
        }
      }
    }
    Matcher where = WHERE.matcher(rest);
    int filterColumn = where.find() ? indexOf(columns, where.group(1)) : -1;
    List<Column> outColumns = new ArrayList<>();
    for (int index : picked) {
      outColumns.add(columns.get(index));
    }
    List<List<Object>> outRows = new ArrayList<>();
    for (List<Object> row : rows) {
      if (filterColumn >= 0 && !String.valueOf(row.get(filterColumn)).equals(where.group(2))) {
        continue;
      }
      List<Object> projected = new ArrayList<>();
      for (int index : picked) {
        projected.add(row.get(index));
      }
      outRows.add(projected);
    }
    String[] names = table.split("\\.");
    return new Answer(
        Opcodes.RESULT,
        Wire.bytes(
            alloc,
            out -> {
              out.writeInt(Wire.ROWS);
              Wire.metadata(out, names[0], names[1], outColumns, false, null);
              Wire.rowCells(out, outColumns, outRows);
            }));
  }

  private static int indexOf(List<Column> columns, String name) {
    for (int i = 0; i < columns.size(); i++) {
      if (columns.get(i).name().equalsIgnoreCase(name)) {
        return i;
      }
    }
    return -1;
  }
}
