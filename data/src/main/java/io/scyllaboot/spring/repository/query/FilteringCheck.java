package io.scyllaboot.spring.repository.query;

import io.scyllaboot.driver.api.metadata.IndexMetadata;
import io.scyllaboot.driver.api.metadata.TableMetadata;
import io.scyllaboot.spring.mapping.ScyllaPersistentEntity;
import io.scyllaboot.spring.mapping.ScyllaPersistentProperty;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.data.repository.query.parser.Part;

/**
 * Whether the server runs a derived query's restrictions without ALLOW FILTERING, as Cassandra
 * decides it: the partition key whole with = or IN (or not at all when an index serves the query),
 * clustering columns as a prefix (= or IN, a range on the last only), every other column through an
 * index that serves its operator (a built-in index: = and CONTAINS, one per query; SAI: also
 * ranges, combined freely; SASI: also LIKE, suffixes and parts only in CONTAINS mode). The reasons
 * it would filter name the columns.
 */
final class FilteringCheck {
  private final ScyllaPersistentEntity<?> entity;
  private final Supplier<@Nullable TableMetadata> table;

  /** Why the server would filter (empty: it would not), and whether it would read every node. */
  record Verdict(List<String> reasons, boolean scansTable) {}

  FilteringCheck(ScyllaPersistentEntity<?> entity, Supplier<@Nullable TableMetadata> table) {
    this.entity = entity;
    this.table = table;
  }

  /** A column a derived query restricts, and how. */
  record Restriction(ScyllaPersistentProperty column, Part.Type type) {}

  Verdict check(List<Restriction> parts) {
    List<String> reasons = new ArrayList<>();
    Map<ScyllaPersistentProperty, Part.Type> partition = new HashMap<>();
    Map<ScyllaPersistentProperty, Part.Type> clustering = new HashMap<>();
    List<Restriction> others = new ArrayList<>();
    // The entity's key lists, not the annotations: an @Id alone is the partition key.
    for (Restriction part : parts) {
      if (entity.getPartitionKey().contains(part.column())) {
        partition.put(part.column(), part.type());
      } else if (entity.getClusteringColumns().contains(part.column())) {
        clustering.put(part.column(), part.type());
      } else {
        others.add(part);
      }
    }
    boolean indexed = false;
    int builtIn = 0;
    TableMetadata known = others.isEmpty() ? null : table.get();
    for (Restriction part : others) {
      ScyllaPersistentProperty property = part.column();
      IndexMetadata index = serving(known, property, part.type());
      if (index == null) {
        reasons.add(
            "column '"
                + property.getColumnName()
                + "' is not part of the primary key of "
                + entity.getTableName()
                + " and has no index that serves "
                + part.type()
                + (known == null ? " (no index is known: the table was not found)" : ""));
      } else {
        indexed = true;
        if (!index.isStorageAttached() && !index.isSasi() && ++builtIn > 1) {
          reasons.add(
              "column '"
                  + property.getColumnName()
                  + "' has a built-in secondary index, but so has another restricted column: the"
                  + " server uses one index and filters on the other");
        }
      }
    }
    boolean partitionWhole =
        partition.size() == entity.getPartitionKey().size()
            && partition.values().stream().allMatch(FilteringCheck::isEqualityOrIn);
    if (!partition.isEmpty() && !partitionWhole) {
      reasons.add(
          "it does not restrict every partition key column of "
              + entity.getTableName()
              + " "
              + entity.getPartitionKey().stream()
                  .map(ScyllaPersistentProperty::getColumnName)
                  .toList()
              + " with = or In");
    }
    if (partition.isEmpty() && !indexed && !clustering.isEmpty()) {
      reasons.add(
          "it restricts clustering columns of "
              + entity.getTableName()
              + " without the partition key "
              + entity.getPartitionKey().stream()
                  .map(ScyllaPersistentProperty::getColumnName)
                  .toList());
    }
    boolean open = false; // a column before was unrestricted or restricted by a range
    ScyllaPersistentProperty gap = null;
    for (ScyllaPersistentProperty column : entity.getClusteringColumns()) {
      Part.Type type = clustering.get(column);
      if (type != null && open) {
        reasons.add(
            "clustering column '"
                + column.getColumnName()
                + "' is restricted, but '"
                + gap.getColumnName()
                + "' before it is not restricted with = or In (clustering columns restrict in"
                + " order)");
        break;
      }
      if (type == null || !isEqualityOrIn(type)) {
        open = true;
        gap = column;
      }
    }
    return new Verdict(reasons, partition.isEmpty() && !parts.isEmpty());
  }

  private static boolean isEqualityOrIn(Part.Type type) {
    return switch (type) {
      case SIMPLE_PROPERTY, IN, TRUE, FALSE -> true;
      default -> false;
    };
  }

  /** The mode of a SASI index (PREFIX when not given), or empty for another index. */
  private static String sasiMode(IndexMetadata index) {
    if (!index.isSasi()) {
      return "";
    }
    return index.options().getOrDefault("mode", "PREFIX").toUpperCase(java.util.Locale.ROOT);
  }

  /** An index of the column that serves this operator, or null. */
  private static @Nullable IndexMetadata serving(
      @Nullable TableMetadata table, ScyllaPersistentProperty property, Part.Type type) {
    if (table == null) {
      return null;
    }
    boolean collection = property.isCollectionLike() || property.isMap();
    for (IndexMetadata index : table.indexesOn(property.getColumnName())) {
      boolean values = index.targetKind().equals("values");
      boolean full = index.targetKind().equals("full");
      boolean serves =
          switch (type) {
            case SIMPLE_PROPERTY, TRUE, FALSE -> collection ? full : values;
            case CONTAINING -> collection ? values : sasiMode(index).equals("CONTAINS");
            case GREATER_THAN,
                GREATER_THAN_EQUAL,
                LESS_THAN,
                LESS_THAN_EQUAL,
                BETWEEN,
                AFTER,
                BEFORE ->
                !collection && (index.isStorageAttached() || index.isSasi());
            // A PREFIX index serves 'x%' (a Like pattern may be one); '%x' needs CONTAINS.
            case STARTING_WITH, LIKE -> index.isSasi() && !sasiMode(index).equals("SPARSE");
            case ENDING_WITH -> sasiMode(index).equals("CONTAINS");
            default -> false;
          };
      if (serves) {
        return index;
      }
    }
    return null;
  }
}
