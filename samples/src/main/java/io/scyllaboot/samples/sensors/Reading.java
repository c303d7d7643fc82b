package io.scyllaboot.samples.sensors;

import io.scyllaboot.spring.mapping.ClusteringColumn;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.Table;
import java.time.Instant;
import java.time.LocalDate;

/**
 * One measurement. The partition is (sensor, day): a day's readings of a sensor are read with one
 * query, newest first, and a partition never grows without bound.
 */
@Table("readings")
public record Reading(
    @PartitionKey(0) String sensorId,
    @PartitionKey(1) LocalDate day,
    @ClusteringColumn(ordering = ClusteringColumn.Ordering.DESC) Instant at,
    double value) {}
