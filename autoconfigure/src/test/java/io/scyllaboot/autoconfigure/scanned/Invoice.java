package io.scyllaboot.autoconfigure.scanned;

import io.scyllaboot.spring.mapping.Table;
import java.util.UUID;
import org.springframework.data.annotation.Id;

/** An entity no repository names: found only by entity scanning. */
@Table
public record Invoice(@Id UUID id, String customer, long cents) {}
