package io.scyllaboot.spring.repository.it;

import io.scyllaboot.spring.mapping.Table;
import io.scyllaboot.spring.repository.it.Reading.Location;
import io.scyllaboot.spring.repository.it.Reading.Status;
import java.time.LocalDateTime;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.data.annotation.Id;

/** Keyed by @Id alone; collections of UDTs and enums, and the converted time and byte types. */
@Table
public record Trip(
    @Id UUID id,
    List<Location> stops,
    Map<String, Location> byName,
    Set<Status> statuses,
    Map<String, Status> statusByStop,
    Date startedAt,
    byte[] payload,
    LocalDateTime localStart) {}
