package io.scyllaboot.samples.reactive;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Records and lists readings; every handler returns a Mono or a Flux. */
@RestController
@RequestMapping("/sensors/{sensorId}/readings")
class ReadingController {
  private final ReadingRepository readings;

  ReadingController(ReadingRepository readings) {
    this.readings = readings;
  }

  /** The body of a new reading: its value, and its instant (now when absent). */
  record NewReading(double value, Instant at) {}

  @PostMapping
  @ResponseStatus(HttpStatus.CREATED)
  Mono<Reading> record(@PathVariable String sensorId, @RequestBody NewReading body) {
    Instant at = body.at() == null ? Instant.now() : body.at();
    LocalDate day = LocalDate.ofInstant(at, ZoneOffset.UTC);
    return readings.save(new Reading(sensorId, day, at, body.value()));
  }

  /** A day's readings (UTC), streamed as newline-delimited JSON. */
  @GetMapping(produces = MediaType.APPLICATION_NDJSON_VALUE)
  Flux<Reading> day(
      @PathVariable String sensorId,
      @RequestParam @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate day) {
    return readings.findBySensorIdAndDay(sensorId, day);
  }

  @GetMapping("/count")
  Mono<Long> count(
      @PathVariable String sensorId,
      @RequestParam @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate day) {
    return readings.countBySensorIdAndDay(sensorId, day);
  }
}
