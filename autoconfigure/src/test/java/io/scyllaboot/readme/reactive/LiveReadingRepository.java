package io.scyllaboot.readme.reactive;

import io.scyllaboot.spring.repository.ReactiveScyllaRepository;
import java.time.LocalDate;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

// As printed in docs/spring.md, section "Reactive".
interface LiveReadingRepository extends ReactiveScyllaRepository<Reading, ReadingKey> {
  Flux<Reading> findBySensorIdAndDay(String sensorId, LocalDate day); // pages fetched on demand

  Mono<Slice<Reading>> findBySensorIdAndDay(String sensorId, LocalDate day, Pageable page);

  Mono<Long> countBySensorIdAndDay(String sensorId, LocalDate day);
}
