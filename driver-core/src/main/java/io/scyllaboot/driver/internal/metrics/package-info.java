/** Session metrics: Micrometer when configured, a no-op otherwise. */
@NullMarked
package io.scyllaboot.driver.internal.metrics;

import org.jspecify.annotations.NullMarked;
