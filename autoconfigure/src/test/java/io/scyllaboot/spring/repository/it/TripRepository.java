package io.scyllaboot.spring.repository.it;

import io.scyllaboot.spring.repository.ScyllaRepository;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

public interface TripRepository extends ScyllaRepository<Trip, UUID> {
  Optional<Trip> findOneById(UUID id);

  List<Trip> findByIdIn(List<UUID> ids);
}
