package io.scyllaboot.spring.core.admin;

import io.scyllaboot.driver.api.type.TupleValue;
import io.scyllaboot.spring.mapping.ClusteringColumn;
import io.scyllaboot.spring.mapping.Column;
import io.scyllaboot.spring.mapping.Element;
import io.scyllaboot.spring.mapping.Frozen;
import io.scyllaboot.spring.mapping.Indexed;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.SaiIndexed;
import io.scyllaboot.spring.mapping.SimilarityFunction;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.mapping.TableOptions;
import io.scyllaboot.spring.mapping.Tuple;
import io.scyllaboot.spring.mapping.UserDefinedType;
import io.scyllaboot.spring.mapping.VectorType;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/** Entity classes the admin template creates tables and types from (in the session's keyspace). */
final class AdminEntities {
  private AdminEntities() {}

  @UserDefinedType
  record GeoPoint(double lat, double lon) {}

  /** A type that uses another: created after it. */
  @UserDefinedType
  record Address(String street, GeoPoint location, List<GeoPoint> waypoints) {}

  @Tuple
  record Reading(@Element(0) Instant at, @Element(1) double value) {}

  /** Every mapping rule schema creation knows, and a column named by a reserved word. */
  @Table
  @TableOptions(comment = "orders of the admin", defaultTimeToLive = 3600)
  record AdminOrder(
      @PartitionKey UUID customer,
      @PartitionKey(1) LocalDate day,
      @ClusteringColumn(ordering = ClusteringColumn.Ordering.DESC) Instant placedAt,
      @Column(isStatic = true) String customerName,
      Address shipTo,
      Map<String, Address> byLabel,
      Reading lastReading,
      @Indexed String status,
      @SaiIndexed(options = "case_sensitive=false") String note,
      @VectorType(dimensions = 3) @SaiIndexed(similarityFunction = SimilarityFunction.EUCLIDEAN)
          float[] embedding,
      @Frozen Set<String> tags,
      int order) {}

  record NotATable(int id) {}

  @Table
  record WithoutKey(String name) {}

  @Table
  record WithRawTuple(@PartitionKey int id, TupleValue raw) {}
}
