package io.scyllaboot.samples.sensors;

import io.scyllaboot.spring.mapping.ClusteringColumn;
import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.SaiIndexed;
import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.mapping.VectorType;
import java.time.LocalDate;

/**
 * A sensor's day as 24 hourly means: a {@code vector<float, 24>} with a storage-attached index, so
 * days of similar shape (any sensor's) are found by vector search, without scanning.
 */
@Table("daily_profiles")
public record DailyProfile(
    @PartitionKey String sensorId,
    @ClusteringColumn LocalDate day,
    @VectorType(dimensions = DailyProfile.HOURS) @SaiIndexed float[] hourly) {

  /** The number of values in a profile: one per hour. */
  public static final int HOURS = 24;
}
