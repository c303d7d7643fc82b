package io.scyllaboot.spring.repository.query;

import java.util.List;
import org.springframework.dao.InvalidDataAccessApiUsageException;

/**
 * A derived {@code ...StartingWith} query (CQL {@code LIKE 'prefix%'}) that the server refused
 * because no index on the column supports LIKE. Cassandra 5.0 runs LIKE only on a SASI index in
 * {@code PREFIX} (or {@code CONTAINS}) mode, and SASI is off unless {@code sasi_indexes_enabled:
 * true} is set in cassandra.yaml (its storage-attached indexes, SAI, do not support LIKE); ScyllaDB
 * runs LIKE with {@code ALLOW FILTERING} ({@code @AllowFiltering} on the method).
 */
public class LikeNotSupportedException extends InvalidDataAccessApiUsageException {
  private final List<String> columns;

  public LikeNotSupportedException(String method, List<String> columns, Throwable cause) {
    super(
        "Repository method "
            + method
            + ": the server cannot run LIKE on "
            + columns
            + " (StartingWith). On Cassandra create a SASI index in PREFIX mode on the column"
            + " (CREATE CUSTOM INDEX ON <table> (<column>) USING"
            + " 'org.apache.cassandra.index.sasi.SASIIndex' WITH OPTIONS = {'mode': 'PREFIX'},"
            + " with sasi_indexes_enabled: true in cassandra.yaml; SAI does not support LIKE);"
            + " on ScyllaDB annotate the method with @AllowFiltering",
        cause);
    this.columns = List.copyOf(columns);
  }

  /** The columns restricted with LIKE. */
  public List<String> getColumns() {
    return columns;
  }
}
