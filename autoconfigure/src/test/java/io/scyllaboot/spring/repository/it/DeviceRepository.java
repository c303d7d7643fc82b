package io.scyllaboot.spring.repository.it;

import io.scyllaboot.spring.repository.ScyllaRepository;
import java.util.UUID;

public interface DeviceRepository extends ScyllaRepository<Device, UUID> {}
