package io.scyllaboot.samples.reactive;

import io.scyllaboot.spring.repository.ReactiveScyllaRepository;
import java.time.Instant;
import java.time.LocalDate;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

public interface ReadingRepository
    extends ReactiveScyllaRepository<Reading, ReadingRepository.Key> {
  record Key(String sensorId, LocalDate day, Instant at) {}

  /** A day's readings, newest first; pages are fetched as the HTTP response is written. */
  Flux<Reading> findBySensorIdAndDay(String sensorId, LocalDate day);

  Mono<Long> countBySensorIdAndDay(String sensorId, LocalDate day);
}
