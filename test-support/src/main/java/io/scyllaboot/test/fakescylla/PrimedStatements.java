package io.scyllaboot.test.fakescylla;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/** The cluster's primed statements, by text and by prepared id, and those rate-limited. */
final class PrimedStatements {
  private final Map<String, PrimedStatement> byQuery = new ConcurrentHashMap<>();
  private final Map<Long, PrimedStatement> byId = new ConcurrentHashMap<>();
  private final Set<String> rateLimited = ConcurrentHashMap.newKeySet();

  /** See {@link FakeScyllaCluster#prime}; returns the prepared id. */
  byte[] prime(
      String query,
      List<Column> variables,
      int[] pkIndices,
      List<Column> result,
      List<List<Object>> rows) {
    PrimedStatement statement =
        new PrimedStatement(ByteBufAllocator.DEFAULT, query, variables, pkIndices, result, rows);
    byQuery.put(query, statement);
    byId.put(statement.key, statement);
    return statement.id.clone();
  }

  PrimedStatement byQuery(String query) {
    return byQuery.get(query);
  }

  /** The statement primed with the id at {@code buf[at, at + length)}, or null. */
  PrimedStatement byId(ByteBuf buf, int at, int length) {
    PrimedStatement statement = byId.get(PrimedStatement.key(buf, at, length));
    return statement != null && statement.hasId(buf, at, length) ? statement : null;
  }

  void rateLimit(String query, boolean on) {
    if (on) {
      rateLimited.add(query);
    } else {
      rateLimited.remove(query);
    }
  }

  boolean isRateLimited(String query) {
    return !rateLimited.isEmpty() && rateLimited.contains(query);
  }

  /** The keyspaces of the primed statements. */
  Set<String> keyspaces() {
    Set<String> keyspaces = new TreeSet<>();
    byQuery.values().forEach(statement -> keyspaces.add(statement.keyspace));
    return keyspaces;
  }
}
