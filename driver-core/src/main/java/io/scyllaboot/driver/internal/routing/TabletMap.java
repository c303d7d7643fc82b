package io.scyllaboot.driver.internal.routing;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The tablets learned so far, per table, from the routing payloads of responses. Each table's
 * tablets are a sorted copy-on-write array: lookups (the request path) read a volatile array with a
 * binary search and take no lock; additions (rare: once per tablet and per move) copy it.
 */
public final class TabletMap {
  private static final Tablet[] NONE = new Tablet[0];

  /** By keyspace, then table: two lookups and no key to build on the request path. */
  private final Map<String, Map<String, Tablet[]>> byKeyspace = new ConcurrentHashMap<>();

  /** The tablet holding a token, or null when none is known yet. */
  public Tablet lookup(String keyspace, String table, long token) {
    Map<String, Tablet[]> tables = byKeyspace.isEmpty() ? null : byKeyspace.get(keyspace);
    if (tables == null) {
      return null; // a cluster without tablets: the common case costs one emptiness check
    }
    Tablet[] tablets = tables.getOrDefault(table, NONE);
    int low = 0;
    int high = tablets.length - 1;
    while (low <= high) {
      int middle = (low + high) >>> 1;
      Tablet tablet = tablets[middle];
      if (tablet.lastToken() < token) {
        low = middle + 1;
      } else if (tablet.firstToken() > token) {
        high = middle - 1;
      } else {
        return tablet;
      }
    }
    return null;
  }

  /** Adds a tablet, replacing every known tablet of the table that overlaps it. */
  public void add(String keyspace, String table, Tablet tablet) {
    byKeyspace
        .computeIfAbsent(keyspace, name -> new ConcurrentHashMap<>())
        .compute(
            table,
            (key, current) -> {
              List<Tablet> kept = new ArrayList<>();
              if (current != null) {
                for (Tablet known : current) {
                  if (!known.overlaps(tablet)) {
                    kept.add(known);
                  }
                }
              }
              kept.add(tablet);
              kept.sort((a, b) -> Long.compare(a.firstToken(), b.firstToken()));
              return kept.toArray(NONE);
            });
  }

  /** Drops the tablets that list a node no longer in the cluster. */
  public void retainNodes(Set<UUID> hostIds) {
    byKeyspace.values().forEach(tables -> retainNodes(tables, hostIds));
  }

  private static void retainNodes(Map<String, Tablet[]> tables, Set<UUID> hostIds) {
    tables.replaceAll(
        (key, tablets) -> {
          List<Tablet> kept = new ArrayList<>(tablets.length);
          for (Tablet tablet : tablets) {
            if (tablet.replicas().stream().allMatch(r -> hostIds.contains(r.hostId()))) {
              kept.add(tablet);
            }
          }
          return kept.size() == tablets.length ? tablets : kept.toArray(NONE);
        });
  }

  /** The known tablets of a table, in token order (for tests and diagnostics). */
  public List<Tablet> tablets(String keyspace, String table) {
    Map<String, Tablet[]> tables = byKeyspace.getOrDefault(keyspace, Map.of());
    return Collections.unmodifiableList(List.of(tables.getOrDefault(table, NONE)));
  }
}
