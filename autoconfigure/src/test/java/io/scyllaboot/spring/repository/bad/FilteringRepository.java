package io.scyllaboot.spring.repository.bad;

import io.scyllaboot.spring.repository.ScyllaRepository;
import io.scyllaboot.spring.repository.it.Reading;
import io.scyllaboot.spring.repository.it.ReadingKey;
import java.util.List;

/** A derived query on a non-key column without @AllowFiltering: start-up must fail. */
public interface FilteringRepository extends ScyllaRepository<Reading, ReadingKey> {
  List<Reading> findByValue(double value);
}
