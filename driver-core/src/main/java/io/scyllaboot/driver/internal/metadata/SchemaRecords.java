package io.scyllaboot.driver.internal.metadata;

import io.scyllaboot.driver.api.metadata.ColumnMetadata;
import io.scyllaboot.driver.api.metadata.IndexMetadata;
import io.scyllaboot.driver.api.metadata.KeyspaceMetadata;
import io.scyllaboot.driver.api.metadata.SchemaMetadata;
import io.scyllaboot.driver.api.metadata.TableMetadata;
import io.scyllaboot.driver.api.metadata.UserTypeMetadata;
import io.scyllaboot.driver.api.metadata.ViewMetadata;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The immutable snapshot types behind the public metadata interfaces. Records, so that two reads of
 * an unchanged object are equal: that is how a refresh finds what changed.
 */
final class SchemaRecords {
  private SchemaRecords() {}

  record Schema(Map<String, KeyspaceMetadata> keyspaces) implements SchemaMetadata {}

  record Keyspace(
      String name,
      Map<String, String> replication,
      boolean durableWrites,
      Map<String, TableMetadata> tables,
      Map<String, ViewMetadata> views,
      Map<String, UserTypeMetadata> userTypes)
      implements KeyspaceMetadata {}

  record Table(
      String keyspace,
      String name,
      @Nullable UUID id,
      List<ColumnMetadata> columns,
      List<IndexMetadata> indexes,
      Map<String, Object> options)
      implements TableMetadata {}

  record View(
      String keyspace,
      String name,
      @Nullable UUID id,
      List<ColumnMetadata> columns,
      Map<String, Object> options,
      String baseTable,
      String whereClause,
      boolean includesAllColumns)
      implements ViewMetadata {}

  record UserType(String keyspace, String name, List<String> fieldNames, List<String> fieldTypes)
      implements UserTypeMetadata {}

  record Column(
      String name,
      String type,
      ColumnMetadata.Kind kind,
      int position,
      ColumnMetadata.ClusteringOrder clusteringOrder)
      implements ColumnMetadata {}

  record Index(
      String name,
      String table,
      String kind,
      Type type,
      String target,
      String column,
      String targetKind,
      @Nullable String className,
      Map<String, String> options)
      implements IndexMetadata {}
}
