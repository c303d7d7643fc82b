package io.scyllaboot.samples.sensors;

import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.Table;
import java.time.Instant;

/** A sensor: where it is (a user-defined type) and what it measures. */
@Table("sensors")
public record Sensor(
    @PartitionKey String id, String name, Location location, Kind kind, Instant calibratedAt) {

  /** Where a sensor hangs. */
  public record Location(String site, int floor) {}

  /** What a sensor measures. */
  public enum Kind {
    TEMPERATURE,
    HUMIDITY,
    CO2
  }

  Sensor calibrated(Instant at) {
    return new Sensor(id, name, location, kind, at);
  }
}
