package io.scyllaboot.autoconfigure.schema;

import io.scyllaboot.spring.repository.ScyllaRepository;
import java.util.UUID;

public interface GadgetRepository extends ScyllaRepository<Gadget, UUID> {}
