package io.scyllaboot.readme.reactive;

import java.time.Instant;
import java.time.LocalDate;

// As printed in the README's "Reactive" section.
record ReadingKey(String sensorId, LocalDate day, Instant at) {}
