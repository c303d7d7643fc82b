package io.scyllaboot.spring.cql.init;

import io.scyllaboot.driver.api.CqlSession;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.Row;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Drops every materialized view, table and user-defined type of the session's keyspace (the
 * keyspace itself stays): what {@code scylla.schema-action=recreate-drop-unused} does before the
 * schema scripts run. For tests: all data of the keyspace is lost.
 */
public class KeyspaceCleaner implements KeyspacePopulator {

  @Override
  public void populate(CqlSession session) {
    String keyspace = session.keyspace();
    if (keyspace == null) {
      throw new IllegalStateException("KeyspaceCleaner needs a session with a keyspace");
    }
    String prefix = quote(keyspace) + ".";
    for (String view : names(session, "SELECT view_name FROM system_schema.views", keyspace)) {
      execute(session, "DROP MATERIALIZED VIEW IF EXISTS " + prefix + quote(view));
    }
    for (String table : names(session, "SELECT table_name FROM system_schema.tables", keyspace)) {
      execute(session, "DROP TABLE IF EXISTS " + prefix + quote(table));
    }
    Map<String, String> types = new LinkedHashMap<>(); // name -> its fields' types
    try (ResultSet rows =
        session.execute(
            "SELECT type_name, field_types FROM system_schema.types WHERE keyspace_name = ?",
            keyspace)) {
      for (Row row : rows) {
        types.put(row.getString(0), String.join(",", row.getList(1, String.class)));
      }
    }
    // A type another type uses goes after it; the server refuses otherwise.
    while (!types.isEmpty()) {
      String unused =
          types.keySet().stream()
              .filter(name -> types.entrySet().stream().noneMatch(e -> uses(e, name)))
              .findFirst()
              .orElseThrow(() -> new IllegalStateException("types use each other: " + types));
      execute(session, "DROP TYPE IF EXISTS " + prefix + quote(unused));
      types.remove(unused);
    }
  }

  private static boolean uses(Map.Entry<String, String> type, String name) {
    return !type.getKey().equals(name)
        && Pattern.compile("(^|[^A-Za-z0-9_])" + Pattern.quote(name) + "($|[^A-Za-z0-9_])")
            .matcher(type.getValue())
            .find();
  }

  private static List<String> names(CqlSession session, String select, String keyspace) {
    List<String> names = new ArrayList<>();
    try (ResultSet rows = session.execute(select + " WHERE keyspace_name = ?", keyspace)) {
      for (Row row : rows) {
        names.add(row.getString(0));
      }
    }
    return names;
  }

  private static void execute(CqlSession session, String cql) {
    session.execute(cql).close();
  }

  /** A quoted identifier: keeps the case of names created quoted. */
  static String quote(String name) {
    return '"' + name.replace("\"", "\"\"") + '"';
  }
}
