package io.scyllaboot.spring.core.it;

import io.scyllaboot.spring.repository.ScyllaRepository;

public interface SensorRepository extends ScyllaRepository<Sensor, String> {}
