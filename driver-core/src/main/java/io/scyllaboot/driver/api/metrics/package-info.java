/**
 * Observing the driver: the names of the Micrometer meters it registers, and the request hook
 * ({@link io.scyllaboot.driver.api.metrics.RequestListener}) for tracing and custom
 * instrumentation.
 */
@NullMarked
package io.scyllaboot.driver.api.metrics;

import org.jspecify.annotations.NullMarked;
