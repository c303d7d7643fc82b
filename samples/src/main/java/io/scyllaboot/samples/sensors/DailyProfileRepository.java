package io.scyllaboot.samples.sensors;

import io.scyllaboot.spring.repository.ScyllaRepository;
import java.time.LocalDate;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.SearchResults;
import org.springframework.data.domain.Vector;

public interface DailyProfileRepository
    extends ScyllaRepository<DailyProfile, DailyProfileRepository.Key> {

  /** The primary key of a profile. */
  record Key(String sensorId, LocalDate day) {}

  /** The profiles nearest a shape (cosine similarity), nearest first, with their scores. */
  SearchResults<DailyProfile> findByHourlyNear(Vector hourly, Limit limit);
}
