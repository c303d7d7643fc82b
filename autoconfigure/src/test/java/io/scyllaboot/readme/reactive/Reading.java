package io.scyllaboot.readme.reactive;

import static io.scyllaboot.spring.mapping.ClusteringColumn.Ordering.DESC;

import io.scyllaboot.spring.mapping.ClusteringColumn;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.Table;
import java.time.Instant;
import java.time.LocalDate;

// As printed in docs/spring.md, section "Reactive".
@Table("readings")
record Reading(
    @PartitionKey(0) String sensorId,
    @PartitionKey(1) LocalDate day,
    @ClusteringColumn(ordering = DESC) Instant at,
    double value) {}
