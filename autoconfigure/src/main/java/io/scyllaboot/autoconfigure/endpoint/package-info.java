/** The {@code scylla} actuator endpoint: the session's nodes, pools, cache and throttler. */
@NullMarked
package io.scyllaboot.autoconfigure.endpoint;

import org.jspecify.annotations.NullMarked;
