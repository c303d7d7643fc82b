package io.scyllaboot.spring.repository.reactive;

import io.scyllaboot.spring.repository.ScyllaRepository;
import io.scyllaboot.spring.repository.it.Reading;
import io.scyllaboot.spring.repository.it.ReadingKey;

/** A blocking repository beside the reactive one: each kind is registered by its own extension. */
public interface BlockingReadingRepository extends ScyllaRepository<Reading, ReadingKey> {}
