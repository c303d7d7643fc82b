package io.scyllaboot.test.fakescylla;

import java.util.Map;

/**
 * A request as a {@link FakeScyllaNode} received it, with where it landed and where it should have.
 *
 * @param opcode the request's opcode (see {@code Opcodes}: QUERY 0x07, PREPARE 0x09, EXECUTE 0x0A
 *     ...)
 * @param streamId the request's stream id
 * @param query the query text (QUERY, PREPARE; for EXECUTE the primed text of its prepared id), or
 *     null
 * @param shard the shard of the connection that received it
 * @param token the Murmur3 token of its partition key, or null when it has none (no partition key
 *     indices primed, a null key value, not a primed statement)
 * @param owningShard the shard of this node that owns the token: by the sharding formula for a
 *     vnode table, from the tablet's replica list for a tablet table (-1 when this node holds no
 *     replica of the tablet); -1 without a token
 * @param replica whether this node is a replica of the token (vnodes: one of the replication
 *     factor's nodes following the token on the ring; tablets: listed in the tablet)
 * @param tabletPayload whether the response carried a {@code tablets-routing-v1} payload (or a
 *     {@code tablets-routing-v2} one, on a connection that negotiated tablets routing v2)
 * @param clientPort the client's local port of the connection
 * @param connection the connection's id, unique within the node
 * @param startupOptions the STARTUP options of the connection (empty before STARTUP)
 * @param leader whether this node is the leader (first replica) of the token's tablet; false
 *     without a tablet
 * @param tabletVersionBlock the tablet version block that ended the EXECUTE (tablets routing v2),
 *     or -1
 */
public record Received(
    int opcode,
    int streamId,
    String query,
    int shard,
    Long token,
    int owningShard,
    boolean replica,
    boolean tabletPayload,
    int clientPort,
    int connection,
    Map<String, String> startupOptions,
    boolean leader,
    int tabletVersionBlock) {

  /** Whether the request had a token and landed on the shard that owns it. */
  public boolean onOwningShard() {
    return owningShard >= 0 && owningShard == shard;
  }
}
