package io.scyllaboot.samples.sensors;

import io.scyllaboot.driver.api.cql.PagingState;
import io.scyllaboot.driver.api.error.ProtocolErrorException;
import io.scyllaboot.spring.repository.CqlPageRequest;
import jakarta.validation.Valid;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.data.domain.Slice;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.validation.FieldError;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/** The HTTP API of the sample. */
@RestController
public class SensorController {
  /** Readings one batch request may carry: one UNLOGGED batch, one partition, bounded. */
  static final int MAX_BATCH = 1000;

  /** Rows one page request may ask for. */
  static final int MAX_PAGE_SIZE = 1000;

  private final SensorRepository sensors;
  private final ReadingRepository readings;
  private final ReadingService service;

  public SensorController(
      SensorRepository sensors, ReadingRepository readings, ReadingService service) {
    this.sensors = sensors;
    this.readings = readings;
    this.service = service;
  }

  /**
   * Registers a sensor, or updates it: an update may name the {@code version} it read, and then
   * fails with 409 if the sensor changed since (see {@link #conflict}).
   */
  @PutMapping("/sensors/{id}")
  public Sensor put(@PathVariable String id, @Valid @RequestBody Sensor body) {
    Sensor stored =
        sensors
            .findById(id)
            .orElseGet(() -> new Sensor(id, null, null, null, null, null, null, null));
    return sensors.save(stored.describedAs(body));
  }

  /**
   * A sensor that Bean Validation refused (see the constraints on {@link Sensor}): 400, with every
   * field and its problem in {@code detail} and as the {@code errors} map.
   */
  @ExceptionHandler(MethodArgumentNotValidException.class)
  public ProblemDetail invalid(MethodArgumentNotValidException e) {
    // Sorted and de-duplicated: a constraint on a record component may be reported for the field
    // and for its accessor.
    Map<String, String> errors = new TreeMap<>();
    for (FieldError error : e.getBindingResult().getFieldErrors()) {
      errors.putIfAbsent(error.getField(), error.getDefaultMessage());
    }
    StringBuilder detail = new StringBuilder("invalid ").append(e.getObjectName()).append(':');
    errors.forEach(
        (field, message) ->
            detail.append(' ').append(field).append(' ').append(message).append(';'));
    detail.setLength(detail.length() - 1);
    ProblemDetail problem =
        ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, detail.toString());
    problem.setProperty("errors", errors);
    return problem;
  }

  /** A write that lost to a concurrent one (a stale {@code version}): 409 with the reason. */
  @ExceptionHandler(OptimisticLockingFailureException.class)
  public ProblemDetail conflict(OptimisticLockingFailureException e) {
    return ProblemDetail.forStatusAndDetail(HttpStatus.CONFLICT, e.getMessage());
  }

  @GetMapping("/sensors/{id}")
  public Sensor get(@PathVariable String id) {
    return sensors
        .findById(id)
        .orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND, "no sensor " + id));
  }

  /** Records one reading (now, unless the body says when). */
  @PostMapping("/sensors/{id}/readings")
  @ResponseStatus(HttpStatus.CREATED)
  public Reading record(@PathVariable String id, @RequestBody ReadingService.Measurement body) {
    requireFinite("value", body.value());
    get(id);
    Instant at = body.at() == null ? Instant.now() : body.at();
    return service.record(new Reading(id, ReadingService.day(at), at, body.value()));
  }

  /** Records many readings of one day in one batch (1 to {@value #MAX_BATCH}; else 400). */
  @PostMapping("/sensors/{id}/readings/batch")
  @ResponseStatus(HttpStatus.CREATED)
  public Map<String, Integer> batch(
      @PathVariable String id, @RequestBody List<ReadingService.Measurement> body) {
    if (body.isEmpty() || body.size() > MAX_BATCH) {
      throw new ResponseStatusException(
          HttpStatus.BAD_REQUEST,
          "a batch holds 1 to " + MAX_BATCH + " readings; this one has " + body.size());
    }
    for (int i = 0; i < body.size(); i++) {
      requireFinite("readings[" + i + "].value", body.get(i).value());
    }
    get(id);
    return Map.of("written", service.ingest(id, body));
  }

  /**
   * A day's readings, newest first, one page at a time: pass the returned {@code next} as {@code
   * page} to get the following page. {@code size} is 1 to {@value #MAX_PAGE_SIZE} (else 400).
   */
  @GetMapping("/sensors/{id}/readings")
  public Map<String, Object> readings(
      @PathVariable String id,
      @RequestParam(required = false) LocalDate day,
      @RequestParam(defaultValue = "10") int size,
      @RequestParam(required = false) String page) {
    if (size < 1 || size > MAX_PAGE_SIZE) {
      throw new ResponseStatusException(
          HttpStatus.BAD_REQUEST, "size must be from 1 to " + MAX_PAGE_SIZE + "; got " + size);
    }
    CqlPageRequest request =
        page == null ? CqlPageRequest.first(size) : CqlPageRequest.of(size, pagingState(page));
    Slice<Reading> slice;
    try {
      slice = readings.findBySensorIdAndDay(id, orToday(day), request);
    } catch (DataAccessException e) {
      // Base64 that decodes, but to bytes that are no paging state: the node answers with a
      // protocol error for this request (the connection stays up).
      if (page != null && e.getMostSpecificCause() instanceof ProtocolErrorException) {
        throw notAPagingState(page);
      }
      throw e;
    }
    CqlPageRequest fetched = (CqlPageRequest) slice.getPageable();
    PagingState next = fetched.getNextPagingState();
    // Insertion order: Map.of iterates in a per-JVM random order, and clients read "readings"
    // first.
    Map<String, Object> body = new java.util.LinkedHashMap<>();
    body.put("readings", slice.getContent());
    if (next != null) {
      body.put("next", next.toString());
    }
    return body;
  }

  /** The five newest readings of a day (today, unless {@code day} says which). */
  @GetMapping("/sensors/{id}/latest")
  public List<Reading> latest(
      @PathVariable String id, @RequestParam(required = false) LocalDate day) {
    return readings.findTop5BySensorIdAndDay(id, orToday(day));
  }

  /** A day's values alone (a DTO projection of the readings: no key columns in the answer). */
  @GetMapping("/sensors/{id}/values")
  public List<ReadingRepository.Value> values(
      @PathVariable String id, @RequestParam(required = false) LocalDate day) {
    return readings.findValuesBySensorIdAndDay(id, orToday(day));
  }

  @GetMapping("/sensors/{id}/report")
  public ReadingService.DailyReport report(
      @PathVariable String id, @RequestParam(required = false) LocalDate day) {
    get(id);
    return service.report(id, orToday(day));
  }

  @PostMapping("/sensors/{id}/calibrate")
  public ReadingService.Calibration calibrate(
      @PathVariable String id, @RequestParam(defaultValue = "0.0") double offset) {
    requireFinite("offset", offset);
    get(id);
    return service.calibrate(id, offset);
  }

  /**
   * A JSON number as large as 1e400 reads as Infinity, and the string "NaN" as NaN: neither is a
   * measurement, and the report's MIN/MAX/AVG would carry them forever.
   */
  private static void requireFinite(String what, double value) {
    if (!Double.isFinite(value)) {
      throw new ResponseStatusException(
          HttpStatus.BAD_REQUEST, what + " must be a finite number; got " + value);
    }
  }

  private static PagingState pagingState(String page) {
    try {
      return PagingState.fromString(page);
    } catch (IllegalArgumentException e) {
      throw notAPagingState(page);
    }
  }

  private static ResponseStatusException notAPagingState(String page) {
    return new ResponseStatusException(
        HttpStatus.BAD_REQUEST,
        "page is not a paging state of this query (pass the 'next' of the previous page): " + page);
  }

  /** The day asked for, or today (UTC) when none is given. */
  private static LocalDate orToday(LocalDate day) {
    return day == null ? LocalDate.now(ZoneOffset.UTC) : day;
  }
}
