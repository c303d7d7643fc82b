package io.scyllaboot.spring.repository.it;

/** The composite primary key of {@link Reading}. */
public record ReadingKey(String sensor, int day, int seq) {}
