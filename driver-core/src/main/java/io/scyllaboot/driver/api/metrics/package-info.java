/** The names of the Micrometer meters the driver registers. */
@NullMarked
package io.scyllaboot.driver.api.metrics;

import org.jspecify.annotations.NullMarked;
