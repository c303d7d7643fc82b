package io.scyllaboot.autoconfigure.observation;

import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import java.net.InetSocketAddress;
import org.jspecify.annotations.Nullable;

/**
 * OpenTelemetry's database client conventions. Low cardinality: {@code db.system.name} (cassandra
 * or scylladb), {@code db.namespace} (the keyspace), {@code db.operation.name} (the CQL verb, BATCH
 * for a batch), {@code db.collection.name} (the table, as the CQL names it) and {@code error.type}
 * (the exception's class on failure). High cardinality: {@code server.address}, {@code server.port}
 * and, only when asked for, {@code db.query.text} (the CQL, never the values). The observation is
 * named {@value #NAME} (so is its timer); its contextual (span) name is "{operation} {table}", the
 * operation alone without a table, or the system's name without either.
 *
 * <p>A key without a value is {@value KeyValue#NONE_VALUE} rather than absent ({@code error.type}
 * of a success too): a meter registry such as Prometheus's wants one set of tag keys per meter.
 */
public class DefaultScyllaObservationConvention implements ScyllaObservationConvention {
  /** The observation's name. */
  public static final String NAME = "scylla.query";

  private final boolean queryText;

  /** Without {@code db.query.text}. */
  public DefaultScyllaObservationConvention() {
    this(false);
  }

  /**
   * @param queryText whether observations carry the CQL text as {@code db.query.text}
   */
  public DefaultScyllaObservationConvention(boolean queryText) {
    this.queryText = queryText;
  }

  @Override
  public String getName() {
    return NAME;
  }

  @Override
  public String getContextualName(ScyllaObservationContext context) {
    CqlSummary summary = context.getSummary();
    if (summary.table() != null) {
      return summary.operation() + " " + summary.table();
    }
    return summary == CqlSummary.UNKNOWN_OPERATION ? system(context) : summary.operation();
  }

  @Override
  public KeyValues getLowCardinalityKeyValues(ScyllaObservationContext context) {
    CqlSummary summary = context.getSummary();
    Throwable error = context.getError();
    return KeyValues.of(
        KeyValue.of("db.system.name", system(context)),
        KeyValue.of("db.namespace", orNone(context.getKeyspace())),
        KeyValue.of("db.operation.name", summary.operation()),
        KeyValue.of("db.collection.name", orNone(summary.table())),
        KeyValue.of(
            "error.type", error == null ? KeyValue.NONE_VALUE : error.getClass().getName()));
  }

  @Override
  public KeyValues getHighCardinalityKeyValues(ScyllaObservationContext context) {
    KeyValues values =
        queryText ? KeyValues.of("db.query.text", context.getQuery()) : KeyValues.empty();
    InetSocketAddress node = context.getNode();
    if (node != null) {
      values =
          values.and(
              KeyValue.of("server.address", node.getHostString()),
              KeyValue.of("server.port", Integer.toString(node.getPort())));
    }
    return values;
  }

  private static String system(ScyllaObservationContext context) {
    return context.isScylla() ? "scylladb" : "cassandra";
  }

  private static String orNone(@Nullable String value) {
    return value == null ? KeyValue.NONE_VALUE : value;
  }
}
