package io.scyllaboot.autoconfigure.observation;

import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import java.net.InetSocketAddress;
import java.util.Locale;

/**
 * OpenTelemetry's database conventions: low-cardinality {@code db.system.name} (cassandra or
 * scylladb), {@code db.namespace} (the keyspace), {@code db.operation.name} (the CQL verb, BATCH
 * for a batch) and {@code outcome}; high-cardinality {@code db.query.text} (never the values),
 * {@code server.address} and {@code server.port}. The observation is named {@value #NAME} (so its
 * timer is too); spans are named "{operation} {keyspace}".
 */
public class DefaultScyllaObservationConvention implements ScyllaObservationConvention {
  /** The observation's name. */
  public static final String NAME = "scylla.query";

  @Override
  public String getName() {
    return NAME;
  }

  @Override
  public String getContextualName(ScyllaObservationContext context) {
    String operation = operation(context.getQuery());
    return context.getKeyspace() == null ? operation : operation + " " + context.getKeyspace();
  }

  @Override
  public KeyValues getLowCardinalityKeyValues(ScyllaObservationContext context) {
    return KeyValues.of(
        KeyValue.of("db.system.name", context.isScylla() ? "scylladb" : "cassandra"),
        KeyValue.of(
            "db.namespace",
            context.getKeyspace() == null ? KeyValue.NONE_VALUE : context.getKeyspace()),
        KeyValue.of("db.operation.name", operation(context.getQuery())),
        KeyValue.of("outcome", context.getError() == null ? "success" : "error"));
  }

  @Override
  public KeyValues getHighCardinalityKeyValues(ScyllaObservationContext context) {
    KeyValues values = KeyValues.of("db.query.text", context.getQuery());
    InetSocketAddress node = context.getNode();
    if (node != null) {
      values =
          values.and(
              KeyValue.of("server.address", node.getHostString()),
              KeyValue.of("server.port", Integer.toString(node.getPort())));
    }
    return values;
  }

  /** The first word of the CQL, upper case; BATCH for the joined queries of a batch. */
  static String operation(String query) {
    String text = query.strip();
    if (text.contains("; ")) {
      return "BATCH";
    }
    int end = 0;
    while (end < text.length() && Character.isLetter(text.charAt(end))) {
      end++;
    }
    return end == 0 ? "UNKNOWN" : text.substring(0, end).toUpperCase(Locale.ROOT);
  }
}
