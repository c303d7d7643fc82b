package io.scyllaboot.samples.sensors;

import io.scyllaboot.spring.repository.ScyllaRepository;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;

public interface ReadingRepository extends ScyllaRepository<Reading, ReadingRepository.Key> {

  /** The primary key of a reading. */
  record Key(String sensorId, LocalDate day, Instant at) {}

  Slice<Reading> findBySensorIdAndDay(String sensorId, LocalDate day, Pageable pageable);

  List<Reading> findTop5BySensorIdAndDay(String sensorId, LocalDate day);

  /** A reading's time and value: a DTO projection, built by the repository from each row. */
  record Value(Instant at, double value) {}

  List<Value> findValuesBySensorIdAndDay(String sensorId, LocalDate day);
}
