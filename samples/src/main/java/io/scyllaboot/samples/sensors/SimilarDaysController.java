package io.scyllaboot.samples.sensors;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.SearchResult;
import org.springframework.data.domain.Vector;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/**
 * "Find similar readings": a sensor's day stored as its hourly profile, and the days (of any
 * sensor) whose profile has the most similar shape, by vector search.
 */
@RestController
public class SimilarDaysController {
  /** Similar days one request may ask for. */
  static final int MAX_SIMILAR = 100;

  private final DailyProfileRepository profiles;

  public SimilarDaysController(DailyProfileRepository profiles) {
    this.profiles = profiles;
  }

  /** The body of a profile: 24 hourly values, hour 0 first. */
  public record Hourly(List<Float> hourly) {}

  /** A similar day and its cosine similarity (1 is the same shape). */
  public record SimilarDay(String sensorId, LocalDate day, double score) {}

  /**
   * Stores a day's hourly profile (exactly {@value DailyProfile#HOURS} finite values; else 400).
   */
  @PutMapping("/sensors/{id}/profiles/{day}")
  public DailyProfile put(
      @PathVariable String id, @PathVariable LocalDate day, @RequestBody Hourly body) {
    List<Float> hourly = body.hourly();
    if (hourly == null || hourly.size() != DailyProfile.HOURS) {
      throw new ResponseStatusException(
          HttpStatus.BAD_REQUEST,
          "a profile holds "
              + DailyProfile.HOURS
              + " hourly values; this one has "
              + (hourly == null ? 0 : hourly.size()));
    }
    float[] values = new float[hourly.size()];
    for (int i = 0; i < values.length; i++) {
      Float value = hourly.get(i);
      if (value == null || !Float.isFinite(value)) {
        throw new ResponseStatusException(
            HttpStatus.BAD_REQUEST, "hourly[" + i + "] must be a finite number");
      }
      values[i] = value;
    }
    return profiles.save(new DailyProfile(id, day, values));
  }

  /**
   * The days whose profile is nearest this day's, nearest first, without this day itself; {@code
   * limit} is 1 to {@value #MAX_SIMILAR} (else 400), 404 for a day without a profile.
   */
  @GetMapping("/sensors/{id}/profiles/{day}/similar")
  public Map<String, Object> similar(
      @PathVariable String id,
      @PathVariable LocalDate day,
      @RequestParam(defaultValue = "5") int limit) {
    if (limit < 1 || limit > MAX_SIMILAR) {
      throw new ResponseStatusException(
          HttpStatus.BAD_REQUEST, "limit must be from 1 to " + MAX_SIMILAR + "; got " + limit);
    }
    DailyProfile profile =
        profiles
            .findById(new DailyProfileRepository.Key(id, day))
            .orElseThrow(
                () ->
                    new ResponseStatusException(
                        HttpStatus.NOT_FOUND, "no profile of " + id + " on " + day));
    // One more than asked: the day itself is (about) the nearest, and left out.
    List<SimilarDay> similar = new ArrayList<>();
    for (SearchResult<DailyProfile> result :
        profiles.findByHourlyNear(Vector.of(profile.hourly()), Limit.of(limit + 1))) {
      DailyProfile found = result.getContent();
      if ((found.sensorId().equals(id) && found.day().equals(day)) || similar.size() == limit) {
        continue;
      }
      similar.add(new SimilarDay(found.sensorId(), found.day(), result.getScore().getValue()));
    }
    return Map.of("sensorId", id, "day", day.toString(), "similar", similar);
  }
}
