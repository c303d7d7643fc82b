package io.scyllaboot.driver.api.metadata;

import java.util.List;

/** A materialized view: a table the server keeps from its base table. */
public interface ViewMetadata extends TableMetadata {

  /** The table the view is built from (in the same keyspace). */
  String baseTable();

  /** The view's {@code WHERE} clause as the server writes it, e.g. {@code kind IS NOT NULL}. */
  String whereClause();

  /** Whether the view selects every column of its base table ({@code SELECT *}). */
  boolean includesAllColumns();

  /** A view has no indexes of its own. */
  @Override
  default List<IndexMetadata> indexes() {
    return List.of();
  }
}
