/** The driver's public API: the session, its builder, consistency levels and protocol versions. */
@NullMarked
package io.scyllaboot.driver.api;

import org.jspecify.annotations.NullMarked;
