package io.scyllaboot.spring.repository.it;

import io.scyllaboot.driver.api.ConsistencyLevel;
import io.scyllaboot.spring.repository.AllowFiltering;
import io.scyllaboot.spring.repository.Consistency;
import io.scyllaboot.spring.repository.Query;
import io.scyllaboot.spring.repository.ScyllaRepository;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;
import org.springframework.data.repository.query.Param;

public interface ReadingRepository extends ScyllaRepository<Reading, ReadingKey> {

  List<Reading> findBySensorAndDay(String sensor, int day);

  List<Reading> findBySensorAndDayAndSeqGreaterThan(String sensor, int day, int seq);

  List<Reading> findBySensorAndDayOrderBySeqAsc(String sensor, int day);

  List<Reading> findBySensorAndDayIn(String sensor, List<Integer> days);

  Optional<Reading> findBySensorAndDayAndSeq(String sensor, int day, int seq);

  Reading findFirstBySensorAndDay(String sensor, int day);

  List<Reading> findTop3BySensorAndDay(String sensor, int day);

  long countBySensorAndDay(String sensor, int day);

  boolean existsBySensorAndDayAndSeq(String sensor, int day, int seq);

  void deleteBySensorAndDay(String sensor, int day);

  Stream<Reading> streamBySensorAndDay(String sensor, int day);

  Slice<Reading> findBySensorAndDay(String sensor, int day, Pageable pageable);

  @Consistency(ConsistencyLevel.ONE)
  List<Reading> findBySensorAndDayAndSeqLessThan(String sensor, int day, int seq);

  @AllowFiltering
  List<Reading> findByStatus(Reading.Status status);

  @Query("SELECT * FROM readings WHERE sensor = ?0 AND day = ?1 AND seq < ?2")
  List<Reading> below(String sensor, int day, int seq);

  @Query("SELECT * FROM readings WHERE sensor = :sensor AND day = :day")
  List<Reading> named(@Param("sensor") String sensor, @Param("day") int day);

  @Query("SELECT COUNT(*) FROM readings WHERE sensor = ?0 AND day = ?1")
  long countWithCql(String sensor, int day);

  /** An interface projection: a proxy over each entity, exposing two properties. */
  interface SeqAndValue {
    int getSeq();

    double getValue();
  }

  /** A DTO projection: built from each entity's properties by constructor. */
  record Measure(int seq, double value) {}

  List<SeqAndValue> findSeqAndValueBySensorAndDay(String sensor, int day);

  Optional<Measure> findMeasureBySensorAndDayAndSeq(String sensor, int day, int seq);

  Slice<Measure> findMeasuresBySensorAndDay(String sensor, int day, Pageable pageable);

  <T> List<T> findBySensorAndDayAndSeqGreaterThanEqual(
      String sensor, int day, int seq, Class<T> type);
}
