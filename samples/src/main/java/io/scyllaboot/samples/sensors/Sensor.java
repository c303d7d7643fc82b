package io.scyllaboot.samples.sensors;

import io.scyllaboot.spring.mapping.PartitionKey;
import io.scyllaboot.spring.mapping.Table;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.time.Instant;
import org.springframework.data.annotation.CreatedDate;
import org.springframework.data.annotation.LastModifiedDate;
import org.springframework.data.annotation.Version;

/**
 * A sensor: where it is (a user-defined type) and what it measures. Versioned: an update names the
 * version it read and fails if another writer got there first (a lightweight transaction). Audited:
 * the template stamps when it was created and last modified. Validated: a PUT names it, where it is
 * and what it measures (Bean Validation, 400 otherwise).
 */
@Table("sensors")
public record Sensor(
    @PartitionKey String id,
    @NotBlank String name,
    @NotNull @Valid Location location,
    @NotNull Kind kind,
    Instant calibratedAt,
    @Version Long version,
    @CreatedDate Instant createdAt,
    @LastModifiedDate Instant modifiedAt) {

  /** Where a sensor hangs. */
  public record Location(@NotBlank String site, int floor) {}

  /** What a sensor measures. */
  public enum Kind {
    TEMPERATURE,
    HUMIDITY,
    CO2
  }

  /** This sensor as the body of a PUT describes it, keeping what only the server sets. */
  Sensor describedAs(Sensor body) {
    return new Sensor(
        id,
        body.name(),
        body.location(),
        body.kind(),
        body.calibratedAt() != null ? body.calibratedAt() : calibratedAt,
        body.version() != null ? body.version() : version,
        createdAt,
        modifiedAt);
  }

  // Withers: the template sets the version and the audit dates on a copy (records are immutable).
  public Sensor withVersion(Long version) {
    return new Sensor(id, name, location, kind, calibratedAt, version, createdAt, modifiedAt);
  }

  public Sensor withCreatedAt(Instant createdAt) {
    return new Sensor(id, name, location, kind, calibratedAt, version, createdAt, modifiedAt);
  }

  public Sensor withModifiedAt(Instant modifiedAt) {
    return new Sensor(id, name, location, kind, calibratedAt, version, createdAt, modifiedAt);
  }
}
