package io.scyllaboot.readme.reactive;

import io.scyllaboot.spring.reactive.cql.ReactiveCqlTemplate;
import java.time.LocalDate;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Flux;

// As printed in docs/spring.md, section "Reactive".
@Service
class LiveReadings {
  private final ReactiveCqlTemplate template;

  LiveReadings(ReactiveCqlTemplate template) {
    this.template = template;
  }

  Flux<Double> values(String sensor, LocalDate day) {
    return template.queryForFlux(
        "SELECT value FROM readings WHERE sensor_id = ? AND day = ?", Double.class, sensor, day);
  }
}
