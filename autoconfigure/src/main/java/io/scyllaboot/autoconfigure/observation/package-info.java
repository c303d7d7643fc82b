/**
 * One Micrometer {@code Observation} per request (opt-in: {@code scylla.observations.enabled}),
 * following OpenTelemetry's database semantic conventions.
 */
@NullMarked
package io.scyllaboot.autoconfigure.observation;

import org.jspecify.annotations.NullMarked;
