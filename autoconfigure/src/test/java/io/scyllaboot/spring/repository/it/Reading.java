package io.scyllaboot.spring.repository.it;

import io.scyllaboot.spring.mapping.ClusteringColumn;
import io.scyllaboot.spring.mapping.Column;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.Table;
import java.util.List;

/** A wide-partition entity: readings per sensor per day, newest first. */
@Table("readings")
public record Reading(
    @PartitionKey(0) String sensor,
    @PartitionKey(1) int day,
    @ClusteringColumn(value = 0, ordering = ClusteringColumn.Ordering.DESC) int seq,
    double value,
    Location location,
    Status status,
    @Column("labels") List<String> tags) {

  /** Where a sensor is: a user-defined type. */
  public record Location(String site, int floorNumber) {}

  /** A reading's status, stored as text. */
  public enum Status {
    OK,
    FAULT
  }
}
