package io.scyllaboot.samples.sensors;

import io.scyllaboot.spring.repository.ScyllaRepository;

public interface SensorRepository extends ScyllaRepository<Sensor, String> {}
