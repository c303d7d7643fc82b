package io.scyllaboot.samples.reactive;

import io.scyllaboot.spring.mapping.ClusteringColumn;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.Table;
import java.time.Instant;
import java.time.LocalDate;

/** One measurement, partitioned by sensor and day, newest first. */
@Table("readings")
public record Reading(
    @PartitionKey(0) String sensorId,
    @PartitionKey(1) LocalDate day,
    @ClusteringColumn(ordering = ClusteringColumn.Ordering.DESC) Instant at,
    double value) {}
