/** Ahead-of-time (native image) hints for the driver. */
@NullMarked
package io.scyllaboot.autoconfigure.aot;

import org.jspecify.annotations.NullMarked;
