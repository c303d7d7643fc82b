package io.scyllaboot.spring.repository.conversions;

import io.scyllaboot.spring.repository.ScyllaRepository;
import java.util.UUID;

public interface PricedRepository extends ScyllaRepository<Priced, UUID> {}
