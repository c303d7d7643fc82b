package io.scyllaboot.readme.reactive;

import java.time.Instant;
import java.time.LocalDate;

// As printed in docs/spring.md, section "Reactive".
record ReadingKey(String sensorId, LocalDate day, Instant at) {}
