package io.scyllaboot.autoconfigure.scan;

import io.scyllaboot.spring.mapping.Table;
import org.springframework.data.annotation.Id;

/** An entity in the application's own package, which no repository names. */
@Table
public record Memo(@Id String id, String text) {}
