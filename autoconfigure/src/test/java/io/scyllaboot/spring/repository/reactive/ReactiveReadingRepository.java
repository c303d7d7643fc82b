package io.scyllaboot.spring.repository.reactive;

import io.scyllaboot.spring.repository.Query;
import io.scyllaboot.spring.repository.ReactiveScyllaRepository;
import io.scyllaboot.spring.repository.it.Reading;
import io.scyllaboot.spring.repository.it.ReadingKey;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

public interface ReactiveReadingRepository extends ReactiveScyllaRepository<Reading, ReadingKey> {

  Flux<Reading> findBySensorAndDay(String sensor, int day);

  Flux<Reading> findBySensorAndDayAndSeqGreaterThan(String sensor, int day, int seq);

  Mono<Reading> findBySensorAndDayAndSeq(String sensor, int day, int seq);

  Mono<Reading> findFirstBySensorAndDay(String sensor, int day);

  Mono<Long> countBySensorAndDay(String sensor, int day);

  Mono<Boolean> existsBySensorAndDayAndSeq(String sensor, int day, int seq);

  Mono<Void> deleteBySensorAndDay(String sensor, int day);

  Mono<Slice<Reading>> findBySensorAndDay(String sensor, int day, Pageable pageable);

  @Query("SELECT * FROM readings WHERE sensor = ?0 AND day = ?1 AND seq < ?2")
  Flux<Reading> below(String sensor, int day, int seq);

  @Query("SELECT COUNT(*) FROM readings WHERE sensor = :sensor AND day = :day")
  Mono<Long> countWithCql(String sensor, int day);
}
