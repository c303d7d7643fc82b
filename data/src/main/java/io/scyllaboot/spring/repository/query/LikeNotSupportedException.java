package io.scyllaboot.spring.repository.query;

import java.util.List;
import org.springframework.dao.InvalidDataAccessApiUsageException;

/**
 * A derived {@code StartingWith}, {@code EndingWith}, {@code Containing} (on text) or {@code Like}
 * query (CQL {@code LIKE}) that the server refused because no index on the column supports LIKE.
 * Cassandra 5.0 runs LIKE only on a SASI index ({@code PREFIX} mode for prefixes, {@code CONTAINS}
 * mode for the others), and SASI is off unless {@code sasi_indexes_enabled: true} is set in
 * cassandra.yaml (its storage-attached indexes, SAI, do not support LIKE); ScyllaDB runs LIKE with
 * {@code ALLOW FILTERING} ({@code @AllowFiltering} on the method).
 */
public class LikeNotSupportedException extends InvalidDataAccessApiUsageException {
  private final List<String> columns;

  public LikeNotSupportedException(String method, List<String> columns, Throwable cause) {
    super(
        "Repository method "
            + method
            + ": the server cannot run LIKE on "
            + columns
            + " (StartingWith, EndingWith, Containing, Like). On Cassandra create a SASI index on"
            + " the column (@SasiIndexed(mode = CONTAINS) with the schema action, or"
            + " CREATE CUSTOM INDEX ON <table> (<column>) USING"
            + " 'org.apache.cassandra.index.sasi.SASIIndex' WITH OPTIONS = {'mode': 'CONTAINS'}"
            + " ('PREFIX' suffices for StartingWith)), with sasi_indexes_enabled: true in"
            + " cassandra.yaml (SAI does not support LIKE). On ScyllaDB annotate the method with"
            + " @AllowFiltering",
        cause);
    this.columns = List.copyOf(columns);
  }

  /** The columns restricted with LIKE. */
  public List<String> getColumns() {
    return columns;
  }
}
