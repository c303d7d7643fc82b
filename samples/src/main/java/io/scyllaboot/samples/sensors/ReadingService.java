package io.scyllaboot.samples.sensors;

import io.scyllaboot.driver.api.cql.BatchStatement;
import io.scyllaboot.driver.api.cql.ResultSet;
import io.scyllaboot.driver.api.cql.Row;
import io.scyllaboot.spring.core.InsertOptions;
import io.scyllaboot.spring.core.ScyllaTemplate;
import io.scyllaboot.spring.cql.CqlTemplate;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Service;

/** What the repositories do not: a report query, a batch, and a sequence on one connection. */
@Service
public class ReadingService {
  private static final String INSERT =
      "INSERT INTO readings (sensor_id, day, at, value) VALUES (?, ?, ?, ?) USING TTL ?";

  private final CqlTemplate template;
  private final ScyllaTemplate entities;
  private final InsertOptions expiring;
  private final int ttlSeconds;

  /**
   * @param ttl how long readings are kept ({@code sensors.readings-ttl}): the node deletes them
   *     after that, with no clean-up job
   */
  public ReadingService(
      CqlTemplate template,
      ScyllaTemplate entities,
      @Value("${sensors.readings-ttl:30d}") Duration ttl) {
    this.template = template;
    this.entities = entities;
    this.expiring = InsertOptions.builder().ttl(ttl).build();
    this.ttlSeconds = Math.toIntExact(ttl.toSeconds());
  }

  /** Records one reading, kept for the configured time to live. */
  public Reading record(Reading reading) {
    return entities.insert(reading, expiring).getEntity();
  }

  /** A day's statistics, computed by the node over one partition. */
  public DailyReport report(String sensorId, LocalDate day) {
    return template.queryForObject(
        "SELECT COUNT(*), MIN(value), MAX(value), AVG(value) FROM readings"
            + " WHERE sensor_id = ? AND day = ?",
        (row, n) ->
            new DailyReport(
                sensorId,
                day,
                row.getLong(0),
                row.getDouble(1),
                row.getDouble(2),
                row.getDouble(3)),
        sensorId,
        day);
  }

  /**
   * Several readings of one sensor (of one day, when they say when): one partition, so one UNLOGGED
   * batch. Readings without a time are stamped now.
   */
  public int ingest(String sensorId, List<Measurement> measurements) {
    List<Object[]> rows = new ArrayList<>();
    Instant now = Instant.now();
    for (int i = 0; i < measurements.size(); i++) {
      Measurement m = measurements.get(i);
      // Without a time, one millisecond apart (the timestamp's precision), in the order given and
      // ending now, so that they do not overwrite each other.
      Instant at = m.at() != null ? m.at() : now.minusMillis(measurements.size() - 1 - i);
      rows.add(new Object[] {sensorId, day(at), at, m.value(), ttlSeconds});
    }
    template.batchUpdate(BatchStatement.BatchType.UNLOGGED, INSERT, rows);
    return rows.size();
  }

  /**
   * Calibration: read the latest reading, write a corrected one, stamp the sensor; three statements
   * on one connection (the session callback), with no pool or routing work between them.
   */
  public Calibration calibrate(String sensorId, double offset) {
    return template.executeInSession(
        session -> {
          LocalDate today = LocalDate.now(ZoneOffset.UTC);
          Double latest;
          try (ResultSet rs =
              session.execute(
                  "SELECT value FROM readings WHERE sensor_id = ? AND day = ? LIMIT 1",
                  sensorId,
                  today)) {
            Row row = rs.one();
            latest = row == null ? null : row.getDouble(0);
          }
          Instant now = Instant.now();
          double corrected = (latest == null ? 0.0 : latest) + offset;
          session.execute(INSERT, sensorId, today, now, corrected, ttlSeconds).close();
          session
              .execute("UPDATE sensors SET calibrated_at = ? WHERE id = ?", now, sensorId)
              .close();
          return new Calibration(sensorId, latest, corrected, now);
        });
  }

  static LocalDate day(Instant at) {
    return at.atOffset(ZoneOffset.UTC).toLocalDate();
  }

  /** A measurement to ingest. */
  public record Measurement(Instant at, double value) {}

  /** A day's statistics. */
  public record DailyReport(
      String sensorId, LocalDate day, long count, double min, double max, double average) {}

  /** What a calibration did. */
  public record Calibration(String sensorId, Double before, double after, Instant at) {}
}
