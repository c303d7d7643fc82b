/** Small helpers: driver threads, blocking checks and futures. */
@NullMarked
package io.scyllaboot.driver.internal.util;

import org.jspecify.annotations.NullMarked;
