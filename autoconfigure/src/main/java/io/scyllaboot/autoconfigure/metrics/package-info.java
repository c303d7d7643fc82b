/** Micrometer binding of the driver meters. */
package io.scyllaboot.autoconfigure.metrics;
