package io.scyllaboot.test.fakescylla;

import io.scyllaboot.driver.internal.routing.Tablet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/** The tables in tablet mode and their tablets, sorted by last token, looked up by token. */
final class TabletTables {
  private final Map<String, Tablet[]> tablets = new ConcurrentHashMap<>();

  /** See {@link FakeScyllaCluster#tablets(String, String, List)}. */
  void put(String keyspace, String table, List<FakeTablet> tabletList) {
    String key = keyspace + "." + table;
    if (tabletList.isEmpty()) {
      tablets.remove(key);
      return;
    }
    Tablet[] sorted = tabletList.stream().map(FakeTablet::toTablet).toArray(Tablet[]::new);
    Arrays.sort(sorted, Comparator.comparingLong(Tablet::lastToken));
    for (int i = 1; i < sorted.length; i++) {
      if (sorted[i].overlaps(sorted[i - 1])) {
        throw new IllegalArgumentException("tablets overlap: " + sorted[i - 1] + ", " + sorted[i]);
      }
    }
    tablets.put(key, sorted);
  }

  /** A table's tablets, sorted, or null when it is on vnodes. */
  Tablet[] get(String keyspace, String table) {
    return tablets.isEmpty() ? null : tablets.get(keyspace + "." + table);
  }

  /** The tablet holding a token, or null. */
  static Tablet find(Tablet[] sorted, long token) {
    int low = 0;
    int high = sorted.length - 1;
    while (low <= high) {
      int middle = (low + high) >>> 1;
      if (sorted[middle].lastToken() < token) {
        low = middle + 1;
      } else if (sorted[middle].firstToken() > token) {
        high = middle - 1;
      } else {
        return sorted[middle];
      }
    }
    return null;
  }

  /**
   * The tablet version of tablets routing v2: a 64-bit hash of the replicas in their order (the
   * leader first), as the server hashes its ordered list; any other hash serves a fake.
   */
  static long version(Tablet tablet) {
    long hash = 0x9E3779B97F4A7C15L;
    for (Tablet.Replica replica : tablet.replicas()) {
      hash = mix(hash ^ replica.hostId().getMostSignificantBits());
      hash = mix(hash ^ replica.hostId().getLeastSignificantBits());
      hash = mix(hash ^ replica.shard());
    }
    return hash;
  }

  /** Whether a tablet version block (high nibble: index, low nibble: value) matches a version. */
  static boolean matches(long version, int block) {
    int index = (block >>> 4) & 0x0F;
    return ((version >>> (index * 4)) & 0x0F) == (block & 0x0F);
  }

  private static long mix(long value) {
    long z = (value + 0x9E3779B97F4A7C15L) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** The keyspaces of the tables in tablet mode. */
  Set<String> keyspaces() {
    Set<String> keyspaces = new TreeSet<>();
    tablets.keySet().forEach(key -> keyspaces.add(key.substring(0, key.indexOf('.'))));
    return keyspaces;
  }

  /** See {@link FakeScyllaCluster#evenTablets(int, int)}. */
  static List<FakeTablet> even(List<FakeScyllaNode> nodes, int count, int replicas) {
    if (count < 1 || replicas < 1 || replicas > nodes.size()) {
      throw new IllegalArgumentException(count + " tablets of " + replicas + " replicas");
    }
    List<FakeTablet> result = new ArrayList<>();
    long step = Long.divideUnsigned(-1L, count);
    long first = Long.MIN_VALUE + 1;
    for (int k = 0; k < count; k++) {
      long last = k == count - 1 ? Long.MAX_VALUE : Long.MIN_VALUE + (k + 1) * step;
      List<FakeTablet.Replica> list = new ArrayList<>();
      for (int r = 0; r < replicas; r++) {
        FakeScyllaNode node = nodes.get((k + r) % nodes.size());
        list.add(new FakeTablet.Replica(node.hostId(), (k + r) % node.shardCount()));
      }
      result.add(new FakeTablet(first, last, list));
      first = last + 1;
    }
    return result;
  }
}
